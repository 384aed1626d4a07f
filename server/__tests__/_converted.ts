/** A document converted by a test server, and the text pdf.js reads in the PDF it serves. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pollUntilSettled } from './_serve.ts';
import type { Api, Meta } from './_serve.ts';

const PDF_TEXT = fileURLToPath(new URL('_pdf-text.ts', import.meta.url));

export interface Converted {
  /** The last metadata answer (200 with the page count, or the failure). */
  meta: Meta;
  /** Every page's text, one text item a line; empty when the conversion failed. */
  text: string;
  /** From the first answer to the PDF served. */
  ms: number;
}

/** `headers`: a signed link's `Authorization`, when the server checks tokens. */
export async function converted(
  served: Api,
  id: string,
  headers?: Record<string, string>,
): Promise<Converted> {
  const startedAt = Date.now();
  const meta = (await pollUntilSettled(served, id, 120_000, headers)).at(-1);
  if (meta === undefined) throw new Error(`no answer for ${id}`);
  if (meta.status !== 200) return { meta, text: '', ms: Date.now() - startedAt };
  const res = await fetch(`${served.api}documents/${encodeURIComponent(id)}/content`, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = Date.now() - startedAt;
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-text-'));
  try {
    const file = path.join(dir, 'converted.pdf');
    await writeFile(file, bytes);
    return {
      meta,
      text: execFileSync(process.execPath, [PDF_TEXT, file], { encoding: 'utf8' }),
      ms,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
