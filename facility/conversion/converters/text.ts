/**
 * Text, tables of text, Markdown and code: decoded to UTF-8 and, for Markdown and code, made
 * escaped HTML in a pool task (text-prepare.ts), then imported by LibreOffice with the filter the
 * preparation names (office.ts).
 */
import { ConversionError, inPool } from '../failures.ts';
import type { FormatConverter } from '../format.ts';
import type { TextKind } from '../text-prepare.ts';
import { libreOfficePdf } from './office.ts';

export function text(kind: TextKind): FormatConverter {
  return {
    uses: 'libreoffice',
    async convert(job) {
      const soffice = await job.libreOffice.executable();
      const { input, work } = job;
      const { ext } = job.reading;
      const prepared = await inPool('not readable as text', () =>
        job.pool.run('text', { input, kind, ext, outDir: work, name: 'prepared' }),
      );
      if (prepared.refused !== undefined) throw new ConversionError('too_large', prepared.refused);
      await libreOfficePdf(job, soffice, prepared.file, prepared.infilter);
    },
  };
}
