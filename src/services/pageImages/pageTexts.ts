/**
 * A view-only page's text (contracts §3 `viewOnly.text`): runs of text with their boxes, which
 * search finds and highlights on the page image. It is never laid out as text, so it cannot be
 * selected or copied. Read once per page and kept for the document.
 */
import { fetchFile } from '../download';
import type { PageTextSource } from '../pdf/pageText';
import type { HitBox } from './imageEngine';

/** A run of the page's text and its box (CSS pixels at zoom 1). */
export interface TextRun extends HitBox {
  text: string;
}

/**
 * The page's text as one string (runs joined, a space where a run starts a new line or stands
 * apart and neither side has one), and which run each of its characters came from (-1: added).
 */
export interface PageWords {
  raw: string;
  runs: readonly TextRun[];
  /** For each character of `raw`: [run index, character index in the run], or -1. */
  origin: readonly (readonly [number, number] | -1)[];
}

/** A page of more runs than this is cut (a page of text has a few thousand at most). */
export const MAX_RUNS = 20_000;
const MAX_RUN_LENGTH = 10_000;

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** The server's answer, checked: anything malformed is left out, never drawn from. */
export function readRuns(body: unknown): TextRun[] {
  const items: unknown[] =
    typeof body === 'object' && body !== null && Array.isArray((body as { items?: unknown }).items)
      ? (body as { items: unknown[] }).items
      : [];
  const runs: TextRun[] = [];
  for (const item of items.slice(0, MAX_RUNS)) {
    if (typeof item !== 'object' || item === null) continue;
    const { text, x, y, width, height } = item as Record<string, unknown>;
    if (typeof text !== 'string' || text === '' || text.length > MAX_RUN_LENGTH) continue;
    if (!finite(x) || !finite(y) || !finite(width) || !finite(height)) continue;
    runs.push({ text, x, y, width: Math.max(0, width), height: Math.max(0, height) });
  }
  return runs;
}

const SPACE = /\s/u;

/** Whether `next` starts on another line than `run` or stands apart from it. */
function apart(run: TextRun, next: TextRun): boolean {
  const newLine = Math.abs(next.y - run.y) > Math.max(run.height, next.height) / 2;
  const gap = next.x - (run.x + run.width) > Math.max(1, run.height / 4);
  return newLine || gap;
}

export function pageWords(runs: readonly TextRun[]): PageWords {
  let raw = '';
  const origin: (readonly [number, number] | -1)[] = [];
  runs.forEach((run, index) => {
    const before = index > 0 ? runs.at(index - 1) : undefined;
    if (
      before &&
      apart(before, run) &&
      !SPACE.test(raw.at(-1) ?? ' ') &&
      !SPACE.test(run.text.charAt(0))
    ) {
      raw += ' ';
      origin.push(-1);
    }
    // Line breaks inside a run are spaces, as pdf.js's find text has them (services/pdf/pageText.ts).
    const text = run.text.replace(/\n/g, ' ');
    for (let i = 0; i < text.length; i += 1) origin.push([index, i] as const);
    raw += text;
  });
  return { raw, runs, origin };
}

/** The boxes of `raw`'s characters [start, start + length), one per run they fall in. */
export function boxesOf(words: PageWords, start: number, length: number): HitBox[] {
  const spans = new Map<number, { from: number; to: number }>();
  for (let i = start; i < start + length; i += 1) {
    const at = words.origin.at(i);
    if (at === undefined || at === -1) continue;
    const [run, char] = at;
    const span = spans.get(run);
    if (span) span.to = char + 1;
    else spans.set(run, { from: char, to: char + 1 });
  }
  return [...spans].flatMap(([index, { from, to }]) => {
    const run = words.runs.at(index);
    if (!run) return [];
    const perChar = run.width / Math.max(1, run.text.length);
    return [
      { x: run.x + from * perChar, y: run.y, width: (to - from) * perChar, height: run.height },
    ];
  });
}

/** A document's page texts, read as they are asked for. */
export interface PageTexts extends PageTextSource {
  words(page: number): Promise<PageWords>;
  peekWords(page: number): PageWords | undefined;
}

export function pageTexts(template: string): PageTexts {
  const read = new Map<number, PageWords>();
  const pending = new Map<number, Promise<PageWords>>();
  const words = (page: number): Promise<PageWords> => {
    const done = read.get(page);
    if (done) return Promise.resolve(done);
    let asked = pending.get(page);
    if (!asked) {
      const url = template.replaceAll('{page}', String(page));
      asked = fetchFile(url)
        .then(({ blob }) => blob.text())
        .then((text) => pageWords(readRuns(JSON.parse(text) as unknown)));
      pending.set(page, asked);
      // A page that failed is asked again next time (it may have been a busy server).
      asked.then(
        (value) => {
          read.set(page, value);
          pending.delete(page);
        },
        () => pending.delete(page),
      );
    }
    return asked;
  };
  return {
    words,
    peekWords: (page) => read.get(page),
    pageText: (page) => words(page).then((found) => found.raw),
    peek: (page) => read.get(page)?.raw,
  };
}
