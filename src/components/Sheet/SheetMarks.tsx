import type { CSSProperties } from 'react';
import { useMessages } from '../../i18n';
import type { SheetComment, SheetDrawing, SheetMarks } from '../../domain/sheet';
import { cellName } from '../../services/sheet/cellRef';
import { sheetMessages } from './messages';

/**
 * A sheet's marks (docs/decisions/2026-12-07-sheet-comments-and-drawings.md): the bubble of a
 * cell's comments and the outlines of the objects drawn over the sheet. Both are drawn from what
 * the facility sent (comments only when the policy shows them); their text is text.
 */

const key = (r: number, c: number): string => `${String(r)}:${String(c)}`;

/** A sheet's comments by cell, a thread's in order. */
export function commentsByCell(comments: readonly SheetComment[]): Map<string, SheetComment[]> {
  const byCell = new Map<string, SheetComment[]>();
  for (const comment of comments) {
    const at = key(comment.r, comment.c);
    const list = byCell.get(at);
    if (list) list.push(comment);
    else byCell.set(at, [comment]);
  }
  return byCell;
}

/** The cells a drawn object covers: its two-cell anchor, else its first cell. */
export function drawingRange(drawing: SheetDrawing): [number, number, number, number] {
  const [top, left] = drawing.from;
  const [bottom, right] = drawing.to ?? drawing.from;
  return [top, left, bottom, right];
}

/** The rows and columns a sheet's marks reach (a count each, 0 without marks). */
export function marksExtent(marks: SheetMarks | undefined): { rows: number; columns: number } {
  let rows = 0;
  let columns = 0;
  for (const comment of marks?.comments ?? []) {
    rows = Math.max(rows, comment.r + 1);
    columns = Math.max(columns, comment.c + 1);
  }
  for (const drawing of marks?.drawings ?? []) {
    const [, , bottom, right] = drawingRange(drawing);
    rows = Math.max(rows, bottom + 1);
    columns = Math.max(columns, right + 1);
  }
  return { rows, columns };
}

export const BUBBLE_ID = 'folio-sheet-comment';

/** What a screen reader hears of a cell's marks (the live region beside the grid). */
export function useMarksText() {
  const t = useMessages(sheetMessages);
  const kindName = (kind: SheetDrawing['kind']) =>
    t(kind === 'image' ? 'sheet.image' : kind === 'chart' ? 'sheet.chart' : 'sheet.shape');
  return {
    kindName,
    comment: (comment: SheetComment) =>
      comment.author === ''
        ? t('sheet.commentText', { text: comment.text })
        : t('sheet.commentBy', { author: comment.author, text: comment.text }),
    drawing: (drawing: SheetDrawing) => {
      const [top, left, bottom, right] = drawingRange(drawing);
      const first = cellName(top, left);
      const range = drawing.to ? `${first}:${cellName(bottom, right)}` : first;
      const kind = kindName(drawing.kind);
      return drawing.label === ''
        ? t('sheet.drawingAtUnnamed', { kind, range })
        : t('sheet.drawingAt', { kind, label: drawing.label, range });
    },
  };
}

/** A cell's comments beside it, while its marker is hovered or the cell is active. */
export function CommentBubble({
  comments,
  style,
}: {
  comments: readonly SheetComment[];
  style: CSSProperties;
}) {
  // No name of its own: the active cell is described by its text (aria-describedby).
  return (
    <div id={BUBBLE_ID} role="tooltip" className="folio-sheet-bubble" style={style}>
      {comments.map((comment, index) => (
        <p key={index} className="folio-sheet-bubble-item">
          {comment.author !== '' && <strong>{comment.author}</strong>}
          <span>{comment.text}</span>
        </p>
      ))}
    </div>
  );
}

/** An object's outline over its cells, labelled with its kind and its title or name. */
export function DrawingMark({ drawing, style }: { drawing: SheetDrawing; style: CSSProperties }) {
  const { kindName } = useMarksText();
  const kind = kindName(drawing.kind);
  return (
    <div
      aria-hidden
      className={`folio-sheet-drawing folio-sheet-drawing-${drawing.kind}`}
      style={style}
    >
      <span className="folio-sheet-drawing-label">
        {drawing.label === '' ? kind : `${kind} · ${drawing.label}`}
      </span>
    </div>
  );
}
