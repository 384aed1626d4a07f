/**
 * The objects drawn over a sheet as the sheet view marks them (docs/decisions/
 * 2026-12-07-sheet-comments-and-drawings.md): the drawing part (`xl/drawings/drawingN.xml`) the
 * sheet's relationships name, its anchors (two-cell: from a cell to a cell; one-cell: from a cell,
 * a size; absolute: a size) and what each holds — a picture (`pic`), a chart (`graphicFrame`
 * naming a chart part, whose title is read when cheap) or another shape. Streamed and read only
 * up to MARK_LIMITS.drawings anchors. Nothing is fetched or shown of an image: marks only.
 */
import { SHEET_LIMITS } from './sheet-types.ts';
import type { SheetDrawing } from './sheet-types.ts';
import { MARK_LIMITS } from './xlsx-comments.ts';
import { relationships } from './xlsx-read.ts';
import { readXml } from './xml-stream.ts';
import { partStream } from './zip-parts.ts';
import type { Parts } from './zip-parts.ts';

/** EMUs (the drawing's unit) per CSS pixel. */
const EMU_PER_PX = 9525;
/** A drawn object's side in pixels, at most (a sheet's own widths are capped likewise). */
const MAX_SIDE = 100_000;
const ANCHORS = new Set(['twoCellAnchor', 'oneCellAnchor', 'absoluteAnchor']);

export interface ReadDrawings {
  drawings: SheetDrawing[];
  capped: boolean;
}

const whole = (text: string, max: number): number => {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) ? Math.max(0, Math.min(max, n)) : 0;
};

const pixels = (emu: string | undefined): number =>
  Math.round(whole(emu ?? '0', MAX_SIDE * EMU_PER_PX) / EMU_PER_PX);

const ROWS = 1_048_576;

interface Anchor {
  kind: SheetDrawing['kind'] | undefined;
  from: [number, number];
  to: [number, number] | undefined;
  size: [number, number] | undefined;
  name: string;
  description: string;
  chart: string | undefined;
}

/** A chart's own title (its first `title`, before the plot area and its axes' titles). */
async function chartTitle(parts: Parts, part: string): Promise<string> {
  if (!parts.entries.has(part)) return '';
  const stream = await partStream(parts, part, SHEET_LIMITS.partBytes);
  let depth = 0;
  let title = '';
  let done = false;
  // A title taken from a cell names it by formula (`f`) beside its cached text: the text only.
  let inFormula = false;
  await readXml(
    stream,
    {
      open: (name) => {
        if (done) return;
        if (name === 'plotArea') done = true;
        else if (name === 'title') depth += 1;
        else if (name === 'f') inFormula = true;
      },
      text: (chunk) => {
        if (depth > 0 && !done && !inFormula && title.length < MARK_LIMITS.title) title += chunk;
      },
      close: (name) => {
        if (name === 'f') inFormula = false;
        else if (name === 'title' && depth > 0 && !done) {
          depth -= 1;
          done = depth === 0;
        }
      },
    },
    () => done,
  );
  return title.replace(/\s+/g, ' ').trim().slice(0, MARK_LIMITS.title);
}

/** The anchors of one drawing part. */
async function readDrawing(parts: Parts, part: string, out: ReadDrawings): Promise<void> {
  const rels = await relationships(parts, part);
  const stream = await partStream(parts, part, SHEET_LIMITS.sheetBytes);
  const stack: string[] = [];
  let anchor: Anchor | undefined;
  let text = '';
  let charts = 0;
  const pending: { drawing: SheetDrawing; chart: string }[] = [];
  await readXml(
    stream,
    {
      open: (name, a) => {
        const parent = stack.at(-1);
        stack.push(name);
        if (out.capped) return;
        if (ANCHORS.has(name)) {
          anchor = {
            kind: undefined,
            from: [0, 0],
            to: undefined,
            size: undefined,
            name: '',
            description: '',
            chart: undefined,
          };
          return;
        }
        if (!anchor) return;
        text = '';
        // `ext` also sizes a picture's own transform: only the anchor's own counts.
        if (name === 'ext' && parent !== undefined && ANCHORS.has(parent)) {
          anchor.size = [pixels(a.cx), pixels(a.cy)];
        } else if (anchor.kind === undefined && (name === 'pic' || name === 'graphicFrame')) {
          anchor.kind = name === 'pic' ? 'image' : 'shape';
        } else if (anchor.kind === undefined && ['sp', 'grpSp', 'cxnSp'].includes(name)) {
          anchor.kind = 'shape';
        } else if (name === 'cNvPr' && anchor.name === '' && anchor.description === '') {
          anchor.name = (a.name ?? '').slice(0, MARK_LIMITS.title);
          anchor.description = (a.descr ?? a.title ?? '').slice(0, MARK_LIMITS.title);
        } else if (name === 'chart' && anchor.chart === undefined) {
          const rid = a['r:id'] ?? Object.entries(a).find(([key]) => key.endsWith(':id'))?.[1];
          const rel = rid === undefined ? undefined : rels.get(rid);
          if (rel && !rel.external) {
            anchor.chart = rel.target;
            anchor.kind = 'chart';
          }
        }
      },
      text: (chunk) => {
        if (anchor && text.length < 16) text += chunk;
      },
      close: (name) => {
        stack.pop();
        if (out.capped || !anchor) return;
        const within = stack.at(-1);
        if ((name === 'row' || name === 'col') && (within === 'from' || within === 'to')) {
          const value = name === 'row' ? whole(text, ROWS - 1) : whole(text, 16_383);
          const target = within === 'from' ? anchor.from : (anchor.to ??= [0, 0]);
          target[name === 'row' ? 0 : 1] = value;
        } else if (ANCHORS.has(name)) {
          const done = anchor;
          anchor = undefined;
          if (done.kind === undefined) return;
          if (out.drawings.length >= MARK_LIMITS.drawings) {
            out.capped = true;
            return;
          }
          const drawing: SheetDrawing = {
            kind: done.kind,
            from: done.from,
            ...(name === 'twoCellAnchor' && done.to
              ? { to: [Math.max(done.to[0], done.from[0]), Math.max(done.to[1], done.from[1])] }
              : { size: done.size ?? [0, 0] }),
            label: (done.description || done.name).trim(),
          };
          out.drawings.push(drawing);
          if (done.chart !== undefined && charts < MARK_LIMITS.chartTitles) {
            charts += 1;
            pending.push({ drawing, chart: done.chart });
          }
        }
      },
    },
    () => out.capped,
  );
  for (const { drawing, chart } of pending) {
    const title = await chartTitle(parts, chart);
    if (title !== '') drawing.label = title;
  }
}

/** The objects drawn over the sheet whose part is `sheetPart`. */
export async function readSheetDrawings(parts: Parts, sheetPart: string): Promise<ReadDrawings> {
  const out: ReadDrawings = { drawings: [], capped: false };
  const rels = await relationships(parts, sheetPart);
  for (const rel of rels.values()) {
    if (rel.external || !rel.type.endsWith('/drawing') || !parts.entries.has(rel.target)) continue;
    await readDrawing(parts, rel.target, out);
    if (out.capped) break;
  }
  return out;
}
