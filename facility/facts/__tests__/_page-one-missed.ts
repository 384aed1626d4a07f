/**
 * What pdf.js asks for beyond `held` to open `file` and draw page 1 as the viewer does
 * (_page-one-reads.ts, run with Node: Jest cannot load pdf.js's ES modules).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ByteRange } from '../pdf-facts-types.ts';

const PAGE_ONE_READS = fileURLToPath(new URL('_page-one-reads.ts', import.meta.url));

/** In a child process, without blocking this one (whose servers a test may be reading). */
export async function pageOneMissed(
  file: string,
  held: readonly ByteRange[],
): Promise<ByteRange[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    PAGE_ONE_READS,
    file,
    JSON.stringify(held),
  ]);
  return JSON.parse(stdout) as ByteRange[];
}
