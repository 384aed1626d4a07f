/**
 * A sheet's marks (docs/decisions/2026-12-07-sheet-comments-and-drawings.md): its cell comments
 * (xlsx-comments.ts) and the objects drawn over it (xlsx-drawings.ts), read in a pool thread from
 * the parts its relationships name, each list bounded. The shared strings are not needed.
 */
import type { SheetMarks } from './sheet-types.ts';
import { readSheetComments } from './xlsx-comments.ts';
import { readSheetDrawings } from './xlsx-drawings.ts';
import { sheetOf, withWorkbook } from './xlsx-read.ts';

export async function readXlsxMarks(file: string, sheetIndex: number): Promise<SheetMarks> {
  return withWorkbook(
    file,
    async (parts, { workbook }) => {
      const { part } = sheetOf(workbook, sheetIndex);
      const comments = await readSheetComments(parts, part);
      const drawings = await readSheetDrawings(parts, part);
      return {
        comments: comments.comments,
        commentsCapped: comments.capped,
        drawings: drawings.drawings,
        drawingsCapped: drawings.capped,
      };
    },
    false,
  );
}
