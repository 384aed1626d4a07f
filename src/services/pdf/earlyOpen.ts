/**
 * The PDF's first bytes on their way while the facility's answer is (docs/decisions/2026-11-25-range-first.md, "overlap without
 * leaking"). As the fetch starts, the doc model knows where the facility serves a document's PDF
 * unless its answer names another place (contracts §3); the viewer has pdf.js start on that URL
 * at once. When the answer names the same URL, the viewer adopts the open in progress; otherwise
 * (another URL, a conversion still running, an error) it is dropped. Only bytes move early:
 * nothing is drawn until the answer, and with it the policy, is in the store.
 * docs/decisions/2026-11-25-reading-chrome-chunk.md says what it is worth.
 */
import { openDocument } from './openDocument';
import type { OpenedDocument } from './openDocument';

interface Early {
  url: string;
  opened: OpenedDocument;
  failed: boolean;
}

let early: Early | undefined;

function keep(url: string, opened: OpenedDocument): Early {
  const entry: Early = { url, opened, failed: false };
  // A failure ahead of the answer (a conversion still running, say) is not the reader's to see:
  // the viewer opens the URL afresh once the facility has named it.
  opened.promise.catch(() => {
    entry.failed = true;
  });
  early = entry;
  return entry;
}

/** Starts opening `url` ahead of its viewer, unless that is already under way. */
export function openEarly(url: string): void {
  if (early?.url === url) return;
  dropEarly();
  keep(url, openDocument(url));
}

/**
 * A viewer going away hands its open back instead of destroying it there and then: a viewer of
 * the same URL mounting in the same commit takes it over (React's StrictMode unmounts and mounts
 * every effect once in development; destroying pdf.js mid-load there fails its pending reads).
 * What no viewer has taken by the next task is destroyed.
 */
export function releaseOpen(url: string, opened: OpenedDocument): void {
  if (early) {
    opened.destroy();
    return;
  }
  const entry = keep(url, opened);
  setTimeout(() => {
    if (early === entry) dropEarly();
  }, 0);
}

/** The open of `url` started ahead, still alive, for the viewer to take over; or undefined. */
export function adoptEarly(url: string): OpenedDocument | undefined {
  const taken = early;
  early = undefined;
  if (taken?.url === url && !taken.failed) return taken.opened;
  if (taken) taken.opened.destroy();
  return undefined;
}

/** Stops an open started ahead that no viewer took over (the answer named no PDF to show yet). */
export function dropEarly(): void {
  if (early) early.opened.destroy();
  early = undefined;
}
