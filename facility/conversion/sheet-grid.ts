/**
 * A spreadsheet printed with its cell grid (the policy's `gridLine`, contracts §5b; docs/server.md,
 * "Formats"): the sheet is first saved by LibreOffice as flat ODF (`.fods`, one XML file, whatever
 * format it came in), then every page style is told to print the grid (ODF's `style:print` lists
 * `grid`), then that file is made the PDF. A pool task (pool-worker.ts): a large sheet's XML is
 * not rewritten on the event loop.
 *
 * The XML is LibreOffice's own output, not the document's: any `<` of the sheet's text is escaped
 * there, so a `<style:page-layout-properties` start tag can only be the element itself.
 */
import { readFile, writeFile } from 'node:fs/promises';

export interface SheetGridJob {
  /** The flat ODF LibreOffice wrote. */
  input: string;
  /** Where the same sheet, printing its grid, is written. */
  output: string;
}

const PAGE_LAYOUT = /<style:page-layout-properties\b[^>]*>/g;
/** `style:print`, not `style:print-orientation` or `style:print-page-order`. */
const PRINT = /\sstyle:print="([^"]*)"/;
/** What LibreOffice prints when a page style does not say (and writes when it does). */
const CALC_DEFAULT_PRINT = 'charts drawings objects zero-values';

/** `xml` with `grid` in every page layout's `style:print`; throws when it has no page layout. */
export function withPrintedGrid(xml: string): string {
  let layouts = 0;
  const out = xml.replace(PAGE_LAYOUT, (tag) => {
    layouts += 1;
    const print = PRINT.exec(tag);
    if (print === null) {
      const end = tag.endsWith('/>') ? -2 : -1;
      return `${tag.slice(0, end)} style:print="${CALC_DEFAULT_PRINT} grid"${tag.slice(end)}`;
    }
    const items = print[1].split(/\s+/).filter(Boolean);
    if (items.includes('grid')) return tag;
    return tag.replace(PRINT, ` style:print="${[...items, 'grid'].join(' ')}"`);
  });
  if (layouts === 0) throw new Error('the sheet has no page style to print its grid with');
  return out;
}

export async function printGrid({ input, output }: SheetGridJob): Promise<undefined> {
  await writeFile(output, withPrintedGrid(await readFile(input, 'utf8')));
  return undefined;
}
