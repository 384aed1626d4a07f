/**
 * A step before LibreOffice: SVG, flat ODF and web pages with every outside reference dropped, in
 * a pool task (references.ts; docs/decisions/2026-12-06-converters-see-only-their-input.md).
 */
import path from 'node:path';
import { ConversionError, inPool } from '../failures.ts';
import type { ConvertJob } from '../format.ts';

/** The cleaned copy of `input`, beside it in the job's folder. */
export async function dropReferences(
  job: ConvertJob,
  input: string,
  markup: 'xml' | 'html',
): Promise<string> {
  const cleaned = path.join(job.work, `cleaned${job.reading.ext}`);
  const result = await inPool('its references could not be read', () =>
    job.pool.run('references', { input, output: cleaned, markup }),
  );
  if (result.refused !== undefined) {
    throw new ConversionError('unsupported', `the file was refused: ${result.refused}`);
  }
  return cleaned;
}
