/**
 * What LibreOffice opens: office documents and the images Draw reads. Markup's outside references
 * are dropped first (drop-references.ts), a sheet's grid printed when asked (print-grid.ts); a
 * spreadsheet the sheet view reads is saved as an `.xlsx` instead of a PDF (`job.to`).
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConvertJob, FormatConverter } from '../format.ts';
import { dropReferences } from './drop-references.ts';
import { printGrid } from './print-grid.ts';

/**
 * `input` made the job's PDF by LibreOffice (twice for a sheet's grid, within one time limit),
 * read with `infilter` or by its extension.
 */
export async function libreOfficePdf(
  job: ConvertJob,
  soffice: string,
  input: string,
  infilter: string | undefined,
): Promise<void> {
  const { work } = job;
  // One time limit for the whole job, however many times LibreOffice runs in it.
  const deadline = job.libreOffice.deadline();
  let source = input;
  let filter = infilter;
  if (job.grid) {
    source = await printGrid(job, soffice, input, infilter, deadline);
    filter = undefined;
  }
  const outDir = path.join(work, 'out');
  const pdf = await job.libreOffice.run(
    { soffice, work, input: source, outDir, infilter: filter },
    deadline,
  );
  await copyFile(pdf, job.output);
}

export const office: FormatConverter = {
  uses: 'libreoffice',
  async convert(job) {
    const soffice = await job.libreOffice.executable();
    const { markup, infilter } = job.reading;
    const input = markup === undefined ? job.input : await dropReferences(job, job.input, markup);
    if (job.to === 'xlsx') {
      const outDir = path.join(job.work, 'out');
      const run = { soffice, work: job.work, input, outDir, infilter, to: 'xlsx' };
      await copyFile(await job.libreOffice.run(run, job.libreOffice.deadline()), job.output);
      return;
    }
    await libreOfficePdf(job, soffice, input, infilter);
  },
};
