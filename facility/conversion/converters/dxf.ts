/**
 * DXF drawings: their model space drawn as a vector page in a pool task (dxf-pages.ts), text in
 * the PDF's text layer (docs/server.md, "CAD drawings").
 */
import { ConversionError, inPool } from '../failures.ts';
import type { DxfJob } from '../dxf-pages.ts';
import type { ConvertJob, FormatConverter } from '../format.ts';

/**
 * Entities at most, counted before the drawing is parsed: a 5 MB drawing has ≈ 60 000, and
 * dxf-parser holds every line of the file (docs/decisions/2026-12-06-cad-drawings-and-decoded-images.md).
 */
export const MAX_DXF_ENTITIES = 200_000;
/** Shapes at most once blocks are drawn where they are inserted. */
export const MAX_DXF_SHAPES = 200_000;

/** The DXF `input` drawn into the job's PDF in a pool task; throws ConversionError. */
export async function drawDxf(
  { output, pool }: Pick<ConvertJob, 'output' | 'pool'>,
  input: string,
  options: Pick<DxfJob, 'everyLayerOn'> = {},
): Promise<void> {
  const drawn = await inPool('not a readable DXF drawing', () =>
    pool.run('dxf', {
      input,
      output,
      maxEntities: MAX_DXF_ENTITIES,
      maxShapes: MAX_DXF_SHAPES,
      ...options,
    }),
  );
  if (drawn.refused !== undefined) {
    throw new ConversionError(drawn.refused.code, drawn.refused.message);
  }
}

export const dxf: FormatConverter = {
  uses: 'pool',
  convert: (job) => drawDxf(job, job.input),
};
