import { useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useAppDispatch, useAppSelector } from '../../app';
import { useMessages } from '../../i18n';
import type { CellStyle, MergedRange, SheetBook, SheetRow, SheetTail } from '../../domain/sheet';
import { sheetActions } from '../../models/sheet';
import { blockKey } from '../../models/sheet/state';
import type { SheetState } from '../../models/sheet/state';
import { cellName, columnName } from '../../services/sheet/cellRef';
import { sheetMessages } from './messages';
import {
  BUBBLE_ID,
  CommentBubble,
  DrawingMark,
  commentsByCell,
  drawingRange,
  marksExtent,
  useMarksText,
} from './SheetMarks';

/** The row numbers' column and the column letters' row, in pixels. */
const ROW_HEADER_WIDTH = 56;
const COLUMN_HEADER_HEIGHT = 24;
/** Rows and columns drawn beyond the view on each side, so a scroll shows no blank first. */
const OVERSCAN_ROWS = 20;
const OVERSCAN_COLUMNS = 4;
/** Points to CSS pixels. */
const PX_PER_POINT = 4 / 3;
/** A comment bubble's width at most, in pixels. */
const BUBBLE_WIDTH = 280;

interface GridProps {
  book: SheetBook;
  sheet: number;
}

/** The rows held for `sheet`, by row index. */
function heldRows(state: SheetState, sheet: number): Map<number, SheetRow> {
  const rows = new Map<number, SheetRow>();
  for (const key of state.held) {
    if (!key.startsWith(`${String(sheet)}:`)) continue;
    for (const row of state.blocks[key]?.rows ?? []) rows.set(row.r, row);
  }
  return rows;
}

/** How many rows the grid has: the tail's count, else what is declared and what has come. */
function rowCountOf(
  declared: number,
  tail: SheetTail | undefined,
  rows: Map<number, SheetRow>,
  state: SheetState,
  sheet: number,
  blockRows: number,
): number {
  if (tail !== undefined) return Math.max(1, tail.rows);
  let last = 0;
  let ended = false;
  for (const key of state.held) {
    if (!key.startsWith(`${String(sheet)}:`)) continue;
    const block = state.blocks[key];
    const from = Number(key.slice(key.indexOf(':') + 1));
    if (block?.end === true) ended = true;
    else last = Math.max(last, from + blockRows * 2);
  }
  for (const r of rows.keys()) last = Math.max(last, r + 1);
  return Math.max(1, ended ? last : Math.max(declared, last));
}

function cellCss(style: CellStyle | undefined, isNumber: boolean): CSSProperties {
  const css: CSSProperties = {};
  const align = style?.align ?? (isNumber ? 'right' : undefined);
  if (align) {
    // `safe`: text wider than its cell overflows at its end, as in a spreadsheet, never its start.
    css.justifyContent =
      align === 'right' ? 'safe flex-end' : align === 'center' ? 'safe center' : 'flex-start';
    css.textAlign = align;
  }
  if (style === undefined) return css;
  if (style.bold) css.fontWeight = 700;
  if (style.italic) css.fontStyle = 'italic';
  const lines = [style.underline && 'underline', style.strike && 'line-through'].filter(Boolean);
  if (lines.length > 0) css.textDecoration = lines.join(' ');
  if (style.color) css.color = style.color;
  if (style.size) css.fontSize = `${String(Math.round(style.size * PX_PER_POINT))}px`;
  if (style.font) css.fontFamily = `"${style.font}", system-ui, sans-serif`;
  if (style.fill) css.background = style.fill;
  if (style.valign) {
    css.alignItems =
      style.valign === 'top' ? 'flex-start' : style.valign === 'middle' ? 'center' : 'flex-end';
  }
  if (style.wrap) css.whiteSpace = 'pre-wrap';
  const border = style.border;
  if (border?.top) css.borderTop = `1px solid ${border.top}`;
  if (border?.right) css.borderRight = `1px solid ${border.right}`;
  if (border?.bottom) css.borderBottom = `1px solid ${border.bottom}`;
  if (border?.left) css.borderLeft = `1px solid ${border.left}`;
  return css;
}

/** Where each merged range starts, and which cells it covers (not drawn on their own). */
function mergeMaps(merges: readonly MergedRange[]) {
  const starts = new Map<string, MergedRange>();
  const covered = new Set<string>();
  for (const merge of merges) {
    const [top, left, bottom, right] = merge;
    starts.set(`${String(top)}:${String(left)}`, merge);
    // A huge range is drawn from its corner only: its covered cells are not listed one by one.
    if ((bottom - top + 1) * (right - left + 1) > 10_000) continue;
    for (let r = top; r <= bottom; r += 1) {
      for (let c = left; c <= right; c += 1) {
        if (r !== top || c !== left) covered.add(`${String(r)}:${String(c)}`);
      }
    }
  }
  return { starts, covered };
}

function sizeBetween(v: Virtualizer<HTMLDivElement, Element>, from: number, to: number): number {
  const start = v.measurementsCache[from]?.start ?? 0;
  const end = v.measurementsCache[to]?.end ?? start;
  return end - start;
}

/**
 * The sheet as a grid (WAI-ARIA grid): column letters and row numbers, widths and heights, frozen
 * panes, merged cells and the cells' styles, drawn only near the view (@tanstack/react-virtual,
 * both ways) from the blocks the model holds; one tab stop, the arrows, Page Up/Down and
 * Ctrl+Home/End move the active cell.
 */
export function SheetGrid({ book, sheet }: GridProps) {
  const t = useMessages(sheetMessages);
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.sheet);
  const layout = book.sheets.at(sheet);
  const scroller = useRef<HTMLDivElement>(null);
  const tail = state.tails[sheet];
  const rows = useMemo(() => heldRows(state, sheet), [state, sheet]);
  const marks = state.marks[sheet];
  // A chart beside the data, or a comment on an empty cell, lies past the cells with content:
  // the grid reaches it (marksExtent, within the sheet's limits).
  const extent = useMemo(() => marksExtent(marks), [marks]);
  const rowCount = Math.max(
    rowCountOf(layout?.declaredRows ?? 0, tail, rows, state, sheet, book.blockRows),
    extent.rows,
  );
  const columnCount = Math.max(layout?.columns ?? 1, tail?.columns ?? 0, extent.columns);
  const widths = layout?.widths ?? [];
  const defaultHeight = layout?.defaultHeight ?? 20;
  const frozenRows = Math.min(layout?.frozen.rows ?? 0, rowCount);
  const frozenColumns = Math.min(layout?.frozen.columns ?? 0, columnCount);
  const merges = useMemo(() => mergeMaps(tail?.merges ?? []), [tail]);
  const links = useMemo(
    () => new Map((tail?.links ?? []).map(([r, c, url]) => [`${String(r)}:${String(c)}`, url])),
    [tail],
  );

  const comments = useMemo(() => commentsByCell(marks?.comments ?? []), [marks]);
  const drawings = marks?.drawings ?? [];
  const marksText = useMarksText();
  /** The cell whose comment marker the pointer is on; the one whose bubble Escape closed. */
  const [hovered, setHovered] = useState<string | undefined>(undefined);
  const [dismissed, setDismissed] = useState<string | undefined>(undefined);

  const heightOf = (r: number) => {
    const row = rows.get(r);
    if (row?.hidden) return 0;
    return row?.h ?? defaultHeight;
  };
  const widthOf = (c: number) => widths.at(c) ?? 64;

  // The virtualizer keeps its measurements outside React (it re-renders through its own state):
  // nothing here is memoised by a compiler, so the advice does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rowVirtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: heightOf,
    overscan: OVERSCAN_ROWS,
    scrollPaddingStart: COLUMN_HEADER_HEIGHT,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columnCount,
    getScrollElement: () => scroller.current,
    estimateSize: widthOf,
    overscan: OVERSCAN_COLUMNS,
    scrollPaddingStart: ROW_HEADER_WIDTH,
  });

  // Heights change as blocks come (a row's own height, a hidden row).
  useEffect(() => {
    rowVirtualizer.measure();
  }, [rows, rowVirtualizer]);

  useEffect(() => {
    void dispatch(sheetActions.loadTail(sheet));
    void dispatch(sheetActions.loadMarks(sheet));
  }, [dispatch, sheet]);

  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const firstRow = virtualRows[0]?.index ?? 0;
  const lastRow = virtualRows.at(-1)?.index ?? 0;
  // The blocks the view needs: asked for when the view reaches another block.
  const firstBlock = Math.floor(firstRow / book.blockRows);
  const lastBlock = Math.floor(lastRow / book.blockRows);
  useEffect(() => {
    void dispatch(
      sheetActions.need({
        sheet,
        from: firstBlock * book.blockRows,
        to: lastBlock * book.blockRows,
      }),
    );
    // The frozen rows stay on screen: their block is kept with the others.
    if (frozenRows > 0 && firstBlock > 0) {
      void dispatch(sheetActions.need({ sheet, from: 0, to: 0 }));
    }
  }, [dispatch, sheet, firstBlock, lastBlock, book.blockRows, frozenRows]);

  // A jump (a link, a search hit, Ctrl+Home/End, a tab) brings its cell into view.
  const { jump, cell } = state;
  /**
   * Where the reader asked to go before the row count was known (a table still being counted):
   * the end (Ctrl+End), or a linked row past the rows known; gone there once the tail is in.
   */
  const awaited = useRef<'end' | 'cell' | undefined>(undefined);
  useEffect(() => {
    if (jump === 0) return;
    if (tail === undefined && cell.r >= rowCount) awaited.current = 'cell';
    rowVirtualizer.scrollToIndex(cell.r, { align: 'center' });
    columnVirtualizer.scrollToIndex(cell.c, { align: 'auto' });
    // Only a new jump scrolls: the cell moving by the keys scrolls as needed below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jump]);

  const move = (r: number, c: number) => {
    const next = {
      r: Math.max(0, Math.min(rowCount - 1, r)),
      c: Math.max(0, Math.min(columnCount - 1, c)),
    };
    dispatch(sheetActions.selectCell(next));
    setDismissed(undefined);
    rowVirtualizer.scrollToIndex(next.r, { align: 'auto' });
    columnVirtualizer.scrollToIndex(next.c, { align: 'auto' });
  };

  useEffect(() => {
    const asked = awaited.current;
    if (tail === undefined || asked === undefined) return;
    awaited.current = undefined;
    if (asked === 'end') move(rowCount - 1, cell.c);
    else rowVirtualizer.scrollToIndex(cell.r, { align: 'center' });
    // Only the tail's coming in ends the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tail]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    awaited.current = undefined;
    const page = Math.max(
      1,
      Math.floor((scroller.current?.clientHeight ?? 400) / defaultHeight) - 2,
    );
    const command = event.ctrlKey || event.metaKey;
    const { r, c } = cell;
    const keys: Record<string, (() => void) | undefined> = {
      ArrowUp: () => {
        move(command ? 0 : r - 1, c);
      },
      ArrowDown: () => {
        move(command ? rowCount - 1 : r + 1, c);
        if (command && tail === undefined) awaited.current = 'end';
      },
      ArrowLeft: () => {
        move(r, command ? 0 : c - 1);
      },
      ArrowRight: () => {
        move(r, command ? columnCount - 1 : c + 1);
      },
      PageUp: () => {
        move(r - page, c);
      },
      PageDown: () => {
        move(r + page, c);
      },
      Home: () => {
        move(command ? 0 : r, 0);
      },
      End: () => {
        move(command ? rowCount - 1 : r, command ? columnCount - 1 : c);
        if (command && tail === undefined) awaited.current = 'end';
      },
    };
    // Ctrl+Page Up/Down: the previous or next shown sheet, as in a spreadsheet.
    if (command && (event.key === 'PageUp' || event.key === 'PageDown')) {
      const shown = book.sheets.flatMap((item, index) => (item.hidden ? [] : [index]));
      const at = shown.indexOf(sheet) + (event.key === 'PageDown' ? 1 : -1);
      const next = shown.at((at + shown.length) % shown.length);
      event.preventDefault();
      if (next === undefined || next === sheet) return;
      dispatch(sheetActions.showSheet(next));
      // The next sheet's grid replaces this one: the keys stay with the grid.
      requestAnimationFrame(() => {
        document.querySelector<HTMLElement>('.folio-sheet-scroller')?.focus();
      });
      return;
    }
    // Escape closes the active cell's comment until the cell changes (WCAG 1.4.13).
    if (event.key === 'Escape' && comments.has(`${String(r)}:${String(c)}`)) {
      setDismissed(`${String(r)}:${String(c)}`);
      return;
    }
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const totalWidth = columnVirtualizer.getTotalSize();
  const totalHeight = rowVirtualizer.getTotalSize();
  const frozenWidth =
    sizeBetween(columnVirtualizer, 0, frozenColumns - 1) * (frozenColumns > 0 ? 1 : 0);
  const frozenHeight = sizeBetween(rowVirtualizer, 0, frozenRows - 1) * (frozenRows > 0 ? 1 : 0);
  const shownColumns = virtualColumns.filter((v) => v.index >= frozenColumns);
  const shownRows = virtualRows.filter((v) => v.index >= frozenRows);
  const columnsLead = (shownColumns[0]?.start ?? frozenWidth) - frozenWidth;
  const columnsTrail = totalWidth - (shownColumns.at(-1)?.end ?? totalWidth);
  const rowsLead = (shownRows[0]?.start ?? frozenHeight) - frozenHeight;
  const rowsTrail = totalHeight - (shownRows.at(-1)?.end ?? totalHeight);
  const frozenColumnIndexes = Array.from({ length: frozenColumns }, (_, i) => i);
  const frozenOffsets = frozenColumnIndexes.map(
    (c) => columnVirtualizer.measurementsCache[c]?.start ?? 0,
  );
  const activeId = `folio-sheet-${String(sheet)}-${String(cell.r)}-${String(cell.c)}`;
  // aria-activedescendant names only a cell that is drawn.
  const activeDrawn =
    (cell.r < frozenRows || shownRows.some((v) => v.index === cell.r)) &&
    (cell.c < frozenColumns || shownColumns.some((v) => v.index === cell.c));

  const activeKey = `${String(cell.r)}:${String(cell.c)}`;
  const bubbleKey =
    hovered ?? (comments.has(activeKey) && dismissed !== activeKey ? activeKey : undefined);
  const rowStart = (r: number) => rowVirtualizer.measurementsCache[r]?.start ?? 0;
  const columnStart = (c: number) => columnVirtualizer.measurementsCache[c]?.start ?? 0;

  const drawCell = (r: number, c: number, sticky: number | undefined) => {
    const key = `${String(r)}:${String(c)}`;
    const width = widthOf(c);
    const data = rows.get(r)?.cells.find((item) => item.c === c);
    const style = data === undefined ? undefined : book.styles.at(data.s);
    const merge = merges.starts.get(key);
    const covered = merges.covered.has(key);
    const active = cell.r === r && cell.c === c;
    const commented = comments.has(key);
    const css: CSSProperties = {
      width,
      minWidth: width,
      ...(covered ? {} : cellCss(style, data?.n ?? false)),
    };
    if (sticky !== undefined) {
      css.position = 'sticky';
      css.left = ROW_HEADER_WIDTH + sticky;
      css.zIndex = 2;
    }
    let content: ReactNode = data?.v;
    const link = links.get(key);
    if (link !== undefined && data !== undefined) {
      content = (
        <a href={link} target="_blank" rel="noopener noreferrer">
          {data.v}
        </a>
      );
    }
    if (merge) {
      const [top, left, bottom, right] = merge;
      const spanWidth = sizeBetween(columnVirtualizer, left, right);
      const spanHeight = sizeBetween(rowVirtualizer, top, bottom);
      content = (
        <span
          className="folio-sheet-merged"
          style={{ ...cellCss(style, data?.n ?? false), width: spanWidth, height: spanHeight }}
        >
          {content}
        </span>
      );
    }
    return (
      <div
        key={c}
        id={active ? activeId : undefined}
        role="gridcell"
        aria-colindex={c + 2}
        aria-selected={active}
        aria-describedby={commented && bubbleKey === key ? BUBBLE_ID : undefined}
        className={`folio-sheet-cell${covered ? ' folio-sheet-covered' : ''}${merge ? ' folio-sheet-merge' : ''}${active ? ' folio-sheet-active' : ''}${commented ? ' folio-sheet-commented' : ''}`}
        style={css}
        onMouseDown={() => {
          dispatch(sheetActions.selectCell({ r, c }));
          setDismissed(undefined);
        }}
      >
        {content}
        {commented && (
          <span
            className="folio-sheet-comment-mark"
            title={t('sheet.comment')}
            onMouseEnter={() => {
              setHovered(key);
            }}
            onMouseLeave={() => {
              setHovered(undefined);
            }}
          />
        )}
      </div>
    );
  };

  const drawRow = (r: number, height: number, sticky: boolean) => (
    <div
      key={r}
      role="row"
      aria-rowindex={r + 2}
      className={`folio-sheet-row${sticky ? ' folio-sheet-frozen-row' : ''}`}
      style={{ height, minHeight: height, width: ROW_HEADER_WIDTH + totalWidth }}
    >
      <div role="rowheader" aria-colindex={1} className="folio-sheet-rowhead">
        {height > 0 ? r + 1 : null}
      </div>
      {frozenColumnIndexes.map((c) => drawCell(r, c, frozenOffsets.at(c)))}
      {columnsLead > 0 && (
        <div
          aria-hidden
          className="folio-sheet-spacer"
          style={{ width: columnsLead, minWidth: columnsLead }}
        />
      )}
      {shownColumns.map((v) => drawCell(r, v.index, undefined))}
      {columnsTrail > 0 && (
        <div
          aria-hidden
          className="folio-sheet-spacer"
          style={{ width: columnsTrail, minWidth: columnsTrail }}
        />
      )}
    </div>
  );

  const header = (
    <div
      role="row"
      aria-rowindex={1}
      className="folio-sheet-row folio-sheet-colheads"
      style={{ height: COLUMN_HEADER_HEIGHT, width: ROW_HEADER_WIDTH + totalWidth }}
    >
      <div role="columnheader" aria-colindex={1} className="folio-sheet-rowhead folio-sheet-corner">
        <span className="folio-visually-hidden">{t('sheet.corner')}</span>
      </div>
      {frozenColumnIndexes.map((c) => (
        <div
          key={c}
          role="columnheader"
          aria-colindex={c + 2}
          className="folio-sheet-colhead"
          style={{
            width: widthOf(c),
            minWidth: widthOf(c),
            position: 'sticky',
            left: ROW_HEADER_WIDTH + (frozenOffsets.at(c) ?? 0),
            zIndex: 4,
          }}
        >
          {widthOf(c) > 0 ? columnName(c) : null}
        </div>
      ))}
      {columnsLead > 0 && (
        <div
          aria-hidden
          className="folio-sheet-spacer"
          style={{ width: columnsLead, minWidth: columnsLead }}
        />
      )}
      {shownColumns.map((v) => (
        <div
          key={v.index}
          role="columnheader"
          aria-colindex={v.index + 2}
          className="folio-sheet-colhead"
          style={{ width: v.size, minWidth: v.size }}
        >
          {v.size > 0 ? columnName(v.index) : null}
        </div>
      ))}
      {columnsTrail > 0 && (
        <div
          aria-hidden
          className="folio-sheet-spacer"
          style={{ width: columnsTrail, minWidth: columnsTrail }}
        />
      )}
    </div>
  );

  // Drawn objects over the rows and columns drawn, each an outline over its cells.
  const firstColumn = virtualColumns[0]?.index ?? 0;
  const lastColumn = virtualColumns.at(-1)?.index ?? 0;
  const shownDrawings = drawings.flatMap((drawing) => {
    const [top, left, bottom, right] = drawingRange(drawing);
    if (bottom < firstRow || top > lastRow || right < firstColumn || left > lastColumn) return [];
    const width = drawing.to ? sizeBetween(columnVirtualizer, left, right) : drawing.size?.[0];
    const height = drawing.to ? sizeBetween(rowVirtualizer, top, bottom) : drawing.size?.[1];
    const style: CSSProperties = {
      left: ROW_HEADER_WIDTH + columnStart(left),
      top: COLUMN_HEADER_HEIGHT + rowStart(top),
      width: Math.max(24, width ?? 0),
      height: Math.max(20, height ?? 0),
    };
    return [{ drawing, style }];
  });
  // The shown bubble beside its cell, in the grid's visible area (frozen cells do not scroll).
  const bubbleComments = bubbleKey === undefined ? undefined : comments.get(bubbleKey);
  let bubble: ReactNode = null;
  if (bubbleKey !== undefined && bubbleComments !== undefined) {
    const [r, c] = bubbleKey.split(':').map(Number) as [number, number];
    const scrollTop = r < frozenRows ? 0 : (rowVirtualizer.scrollOffset ?? 0);
    const scrollLeft = c < frozenColumns ? 0 : (columnVirtualizer.scrollOffset ?? 0);
    const viewWidth = columnVirtualizer.scrollRect?.width ?? 800;
    const x = ROW_HEADER_WIDTH + columnStart(c) + widthOf(c) - scrollLeft;
    const y = COLUMN_HEADER_HEIGHT + rowStart(r) - scrollTop;
    bubble = (
      <CommentBubble
        comments={bubbleComments}
        style={{
          left: Math.max(ROW_HEADER_WIDTH, Math.min(x + 4, viewWidth - BUBBLE_WIDTH - 8)),
          top: Math.max(COLUMN_HEADER_HEIGHT, y),
          maxWidth: Math.min(BUBBLE_WIDTH, viewWidth - ROW_HEADER_WIDTH - 16),
        }}
      />
    );
  }
  // What a screen reader hears of the active cell's marks, after its name.
  const activeMarks = [
    ...(comments.get(activeKey) ?? []).map(marksText.comment),
    ...drawings
      .filter((drawing) => {
        const [top, left, bottom, right] = drawingRange(drawing);
        return cell.r >= top && cell.r <= bottom && cell.c >= left && cell.c <= right;
      })
      .slice(0, 3)
      .map(marksText.drawing),
  ];

  const frozenRowIndexes = Array.from({ length: frozenRows }, (_, i) => i);
  const loading = state.loading.some((key) => key.startsWith(`${String(sheet)}:`));
  const failed = state.failed.includes(blockKey(sheet, firstBlock * book.blockRows));
  return (
    <>
      <div
        ref={scroller}
        className="folio-sheet-scroller"
        role="grid"
        aria-label={t('sheet.grid', { name: layout?.name ?? '' })}
        aria-rowcount={rowCount + 1}
        aria-colcount={columnCount + 1}
        aria-activedescendant={activeDrawn ? activeId : undefined}
        aria-busy={loading}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-rows={rowCount}
        data-counting={tail === undefined}
      >
        <div className="folio-sheet-canvas" style={{ width: ROW_HEADER_WIDTH + totalWidth }}>
          <div className="folio-sheet-top">
            {header}
            {frozenRowIndexes.map((r) => drawRow(r, heightOf(r), true))}
          </div>
          {rowsLead > 0 && <div aria-hidden style={{ height: rowsLead }} />}
          {shownRows.map((v) => drawRow(v.index, v.size, false))}
          {rowsTrail > 0 && <div aria-hidden style={{ height: rowsTrail }} />}
          {shownDrawings.map(({ drawing, style }, index) => (
            <DrawingMark key={index} drawing={drawing} style={style} />
          ))}
        </div>
      </div>
      {bubble}
      {failed && (
        <p role="alert" className="folio-sheet-note">
          {t('sheet.failed')}
        </p>
      )}
      <span className="folio-visually-hidden" aria-live="polite">
        {[t('sheet.cell', { cell: cellName(cell.r, cell.c) }), ...activeMarks].join('. ')}
      </span>
    </>
  );
}
