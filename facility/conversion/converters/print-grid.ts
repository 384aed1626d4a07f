/**
 * A step before the PDF: a spreadsheet whose policy asks for its grid (`gridLine`) saved as flat
 * ODF by LibreOffice, then its page styles told to print the grid in a pool task (sheet-grid.ts).
 */
import path from 'node:path';
import { inPool } from '../failures.ts';
import type { ConvertJob } from '../format.ts';

/** The gridded flat ODF of `input`, read by LibreOffice's own filter. */
export async function printGrid(
  job: ConvertJob,
  soffice: string,
  input: string,
  infilter: string | undefined,
  deadline: number,
): Promise<string> {
  const { work } = job;
  const outDir = path.join(work, 'flat');
  const flat = await job.libreOffice.run(
    { soffice, work, input, outDir, infilter, to: 'fods' },
    deadline,
  );
  const gridded = path.join(work, 'gridded.fods');
  await inPool('its grid could not be printed', () =>
    job.pool.run('sheetGrid', { input: flat, output: gridded }),
  );
  return gridded;
}
