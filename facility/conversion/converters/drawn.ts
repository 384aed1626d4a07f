/**
 * OFD, EPUB, mind maps and diagrams: read and drawn as PDF pages by pdfkit in a pool task, no
 * LibreOffice (drawn-pdf.ts; docs/decisions/2026-12-06-packages-drawn-as-pages.md).
 */
import { ConversionError, inPool } from '../failures.ts';
import type { FormatConverter } from '../format.ts';

/** The pool's tasks that draw a format (pool-worker.ts). */
export type DrawnKind = 'ofd' | 'epub' | 'mindMap' | 'diagram';

export function drawn(kind: DrawnKind): FormatConverter {
  return {
    uses: 'pool',
    async convert({ input, output, work, reading, pool, maxImagePixels: maxPixels }) {
      const made = await inPool('it could not be read', () =>
        pool.run(kind, { input, output, work, ext: reading.ext, maxPixels }),
      );
      if (made.refused !== undefined) {
        throw new ConversionError(
          made.tooLarge === true ? 'too_large' : 'unsupported',
          made.refused,
        );
      }
    },
  };
}
