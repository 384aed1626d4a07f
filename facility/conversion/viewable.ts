/**
 * A found document's viewable PDF (docs/server.md, "Formats"): a PDF as it is, a file of another
 * format the converter's PDF as its policy's `gridLine` asks (a sheet's grid printed, or not) —
 * ready, still converting, or the answer that says why there is none.
 */
import type { Stats } from 'node:fs';
import { jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import { gridLinePrinted } from '../policy/param.ts';
import { formatOfDocument, shownName } from '../archives/entries.ts';
import type { Found } from '../sources/lookup.ts';
import type { Converter } from './convert.ts';
import type { FailureCode } from './failures.ts';
import { formatOfContent } from './formats.ts';
import { fileHead } from './headers.ts';

/** Where the viewable PDF of a document is, or why there is none (yet). */
export type Viewable =
  | { kind: 'ready'; file: string; stats: Stats }
  | { kind: 'converting' }
  | { kind: 'failed'; answer: Answer };

/**
 * `to: 'xlsx'`: instead of the PDF, the spreadsheet saved as a workbook for the sheet view (a
 * `grid: 'normalised'` format: sheets/grid-choice.ts).
 */
export type ViewableOf = (found: Found, to?: 'xlsx') => Promise<Viewable>;

/** 503: the server lacks a tool or its queue; 502: the tool failed on this file; 413/415: refused. */
const FAILURE_STATUS: Record<FailureCode, number> = {
  conversion_failed: 502,
  converter_not_installed: 503,
  queue_unavailable: 503,
  too_large: 413,
  unsupported: 415,
};

export function createViewable(converter: Converter): ViewableOf {
  return async ({ doc, sidecar }, to) => {
    // By its name, else by its first KB (only a PDF is recognised so: pdf.js's rule).
    const format = formatOfDocument(doc) ?? formatOfContent(await fileHead(doc.file));
    if (format === undefined) {
      return {
        kind: 'failed',
        answer: jsonError(415, 'unsupported', {
          message: `${shownName(doc)} is not a kind of file this server previews (docs/server.md, "Formats")`,
        }),
      };
    }
    if (format.view !== 'pages') {
      // An archive or an e-mail has no pages: its metadata lists its entries, each a document;
      // audio and video have none either: the player streams them from `media`.
      const why =
        format.view === 'listing'
          ? 'a listing; its entries open as documents (docs/server.md, "Archives and e-mail")'
          : 'audio or video; its player streams it (docs/server.md, "Audio and video")';
      return {
        kind: 'failed',
        answer: jsonError(404, 'no_pages', { message: `${doc.name} is ${why}` }),
      };
    }
    if (format.converter === undefined) return { kind: 'ready', file: doc.file, stats: doc.stats };
    const rendition =
      to === 'xlsx' ? { gridLine: false, to } : { gridLine: gridLinePrinted(sidecar?.fields) };
    const state = await converter.state(doc.file, doc.stats, doc.name, rendition);
    if (state.kind !== 'failed') return state;
    const status = FAILURE_STATUS[state.error];
    const headers =
      state.retryAfterS === undefined ? undefined : { 'Retry-After': state.retryAfterS };
    return {
      kind: 'failed',
      answer: jsonError(status, state.error, { message: state.message }, headers),
    };
  };
}
