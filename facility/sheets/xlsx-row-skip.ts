/**
 * A sheet's XML with the rows before a far block passed over by searching its text for row tags,
 * not parsing it (docs/decisions/2026-12-07-sheet-first-screen-and-jump.md): the rows task for the
 * last block of a 50 000-row sheet then costs about the part's inflating, not a SAX pass five times
 * that. What it gives saxes is well-formed XML with the same elements: the sheet's XML up to and
 * including `<sheetData>` (its root and layout), then its XML from the first row at or past `from`
 * (or from `</sheetData>`). A comment, CDATA section or processing instruction among the rows is
 * passed over whole, so a `<row` inside one is not taken for a row; the skipped rows are never
 * kept (one chunk and a tag's worth of carry at a time).
 */
import type { Readable } from 'node:stream';
import { SheetError } from './sheet-types.ts';

/** The XML before the rows (root, dimension, views, columns) kept whole at most; past it, no skip. */
const MAX_PREAMBLE = 16 * 1024 * 1024;
/** A row tag split across chunks is carried over; one longer than this is not a workbook's. */
const MAX_TAG = 1024 * 1024;

const SHEET_DATA = /<([A-Za-z_][\w.-]*:)?sheetData(\s[^>]*)?(\/?)>/;
const ROW_NUMBER = /\sr\s*=\s*["'](\d{1,7})["']/;
const TAG_END = /[\s>/]/;

/** How a markup section that is not an element ends. */
function sectionEnd(text: string, at: number): string {
  if (text.startsWith('<!--', at)) return '-->';
  if (text.startsWith('<![CDATA[', at)) return ']]>';
  if (text.startsWith('<?', at)) return '?>';
  return '>';
}

/**
 * `chunks` (the sheet part's text) from the first row at or past `from` (0-based), its XML before
 * the rows first. `skipped(last)` is told the index of the last row passed over (-1: none) before
 * the first row given, for rows that do not number themselves.
 */
export async function* fromRow(
  chunks: Readable,
  from: number,
  skipped: (last: number) => void,
): AsyncGenerator<string> {
  let text = '';
  let passing = false;
  try {
    let rowTag = '';
    let endTag = '';
    let last = -1;
    /** A comment or CDATA section left open at the end of the text: where it ends. */
    let until: string | undefined;
    for await (const chunk of chunks) {
      text += String(chunk);
      if (passing) {
        yield text;
        text = '';
        continue;
      }
      if (rowTag === '') {
        const open = SHEET_DATA.exec(text);
        if (open === null) {
          if (text.length > MAX_PREAMBLE) passing = true;
          continue;
        }
        const prefix = (open[1] as string | undefined) ?? '';
        const end = open.index + open[0].length;
        if (open[3] === '/') {
          // No rows at all.
          passing = true;
          yield text;
          text = '';
          continue;
        }
        yield text.slice(0, end);
        text = text.slice(end);
        rowTag = `<${prefix}row`;
        endTag = `</${prefix}sheetData`;
      }
      let pos = 0;
      let carry = -1;
      // Where each thing is next, searched again only once passed (-1: not in this text).
      let nextRow = -2;
      let nextBang = -2;
      let nextQuestion = -2;
      let nextEnd = -2;
      const next = (at: number, what: string) =>
        at !== -1 && at < pos ? text.indexOf(what, pos) : at;
      while (carry < 0) {
        if (until !== undefined) {
          const closed = text.indexOf(until, pos);
          if (closed < 0) {
            carry = Math.max(pos, text.length - until.length);
            break;
          }
          pos = closed + until.length;
          until = undefined;
        }
        nextRow = next(nextRow, rowTag);
        nextBang = next(nextBang, '<!');
        nextQuestion = next(nextQuestion, '<?');
        nextEnd = next(nextEnd, endTag);
        const found = [nextRow, nextBang, nextQuestion, nextEnd].filter((at) => at >= 0);
        if (found.length === 0) {
          carry = Math.max(pos, text.length - Math.max(rowTag.length, endTag.length, 9));
          break;
        }
        const at = Math.min(...found);
        if (at === nextEnd) {
          skipped(last);
          passing = true;
          yield text.slice(at);
          text = '';
          break;
        }
        if (at === nextBang || at === nextQuestion) {
          if (text.length - at < 9) {
            // `<![CDATA[` may be cut: decide with the next chunk.
            carry = at;
            break;
          }
          until = sectionEnd(text, at);
          pos = at + 2;
          continue;
        }
        const after = text.charAt(at + rowTag.length);
        if (after === '') {
          carry = at;
          break;
        }
        if (!TAG_END.test(after)) {
          pos = at + 1;
          continue;
        }
        const close = text.indexOf('>', at);
        if (close < 0) {
          carry = at;
          break;
        }
        const number = ROW_NUMBER.exec(text.slice(at, close));
        const row = number ? Number(number[1]) - 1 : last + 1;
        if (row >= from) {
          skipped(last);
          passing = true;
          yield text.slice(at);
          text = '';
          break;
        }
        last = row;
        pos = close + 1;
      }
      if (!passing) {
        text = text.slice(carry);
        if (text.length > MAX_TAG && until === undefined) {
          throw new SheetError('unreadable', 'a row tag longer than a megabyte');
        }
      }
    }
    if (text !== '') yield text;
  } finally {
    chunks.destroy();
  }
}
