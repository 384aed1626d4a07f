// The drawn formats' documents (docs/server.md, "Formats"): an OFD invoice, an EPUB book, an XMind
// map and a BPMN process, written by the jest tests' builders, each with search on and a
// watermark, so the browser test sees the viewer's rules hold over what the pool drew.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { bpmn } from '../../facility/conversion/__tests__/_diagrams.ts';
import { book } from '../../facility/conversion/__tests__/_epub.ts';
import { invoiceOfd } from '../../facility/conversion/__tests__/_ofd.ts';
import { jsonMap } from '../../facility/conversion/__tests__/_xmind.ts';

export const DRAWN_WATERMARK = 'drawn · Han Meimei';

export async function makeDrawnDocs(dir: string): Promise<void> {
  const files: Record<string, Uint8Array | string> = {
    'drawn-invoice.ofd': await invoiceOfd(),
    'drawn-book.epub': await book(),
    'drawn-plan.xmind': jsonMap(),
    'drawn-flow.bpmn': bpmn(),
  };
  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), bytes);
    writeFileSync(
      path.join(dir, `${name}.json`),
      JSON.stringify({
        param: { showSearch: true },
        watermarkInfo: {
          text: DRAWN_WATERMARK,
          fontSize: 16,
          color: 'rgba(220, 0, 0, 0.35)',
          rotate: -22,
        },
      }),
    );
  }
}
