/**
 * The boot (docs/architecture.md, "Boot"): what index.html runs in its head, before any file has
 * loaded. It marks a document link (the toolbar's place, `#folio-boot-bar`), puts the reader's
 * language on `<html>`, asks the facility early (earlyRequests.ts), starts what the answer's
 * view needs (pdf.js's worker, a view's chunk), and loads the app's styles and scripts from
 * routerBase, so deep links and relocated builds find them. Nothing here may load React, redux or
 * pdf.js: it is inlined into every page.
 */
import { LOCALE_DIRECTION, pickLocale } from '../i18n/pickLocale';
import { readSettings } from '../services/settings';
import { pageLocation } from '../url/location';
import { namesDocument } from '../url/query';
import { markDocumentLink } from './bootBarPlace';
import { askEarly, nearServer } from './earlyRequests';
import type { EarlyRequests } from './earlyRequests';
import { stageDrawing } from './stage/earlyStage';

/** The build's files, named relative to routerBase (webpack.config.js). */
export interface BootFiles {
  /** The app's entry scripts, in order. */
  scripts: string[];
  styles: string[];
  /** The wildcard page's chunks: downloading with the entry, run later. */
  preload: string[];

  /**
   * The chunks of each view other than pages (contracts §3 `view`: `listing`, `sheet`, `media`),
   * by view: asked for the moment the answer names it, beside the app's entry, not once the app
   * has run and rendered its way to them.
   */
  views: Record<string, string[]>;

  /**
   * pdf.js's worker, a hashed asset (earlyWorker.ts), started once the answer says pages; null
   * when the build has none.
   */
  worker: string | null;
  /**
   * The stage's entry (stage/index.ts, with pdf.js's display layer), run at once: the app's entry
   * depends on it (it holds webpack's runtime), and on a document link it draws page 1 before the
   * app. None in a development build (webpack.config.js).
   */
  stage: string[];
}

/** After page 1's preview is in, the app's scripts wait this long at most for the first frame. */
const HOLD_MS = 1000;
/** Scripts in and no preview yet this long after: the server is still drawing it. */
const DRAWING_MS = 50;
/** After the page's load, no hold is still due (its preloads are in). */
const AFTER_LOAD_MS = 1500;
/**
 * The longest the app's scripts wait for the facility's first answer: a facility slower than this
 * gets the app (its controls, its own time-out and error) rather than a stage, which then draws
 * nothing (docs/decisions/2026-12-07-boot-draws-page-one.md).
 */
const ANSWER_HOLD_MS = 3000;
/** For a load that never comes. */
const LAST_BOUND_MS = 10_000;

function link(rel: string, href: string, as?: string): HTMLLinkElement {
  const element = document.createElement('link');
  element.rel = rel;
  element.href = href;
  if (as !== undefined) element.as = as;
  document.head.append(element);
  return element;
}

/** `<html lang dir>` before the first paint, by pickLocale's rule (kept by i18n/documentLanguage.ts). */
function markLanguage(): void {
  const locale = pickLocale(pageLocation().search, navigator.languages);
  document.documentElement.lang = locale;
  document.documentElement.dir = LOCALE_DIRECTION[locale];
}

/** pdf.js's worker loads and compiles on its own thread while the app's scripts load and run. */
function startWorker(base: string, worker: string | null): void {
  if (worker === null || typeof Worker === 'undefined' || window.folioPdfWorker) return;
  try {
    window.folioPdfWorker = new Worker(base + worker, { type: 'module' });
  } catch {
    // earlyWorker.ts starts it instead.
  }
}

/**
 * What the answer's view needs, started the moment it is in
 * (docs/decisions/2026-12-07-toolbar-and-listing-first-row.md): pages (or no answer to read), pdf.js's
 * worker; another view, its chunk, and no worker (`null` tells the entry, earlyWorker.ts, not to
 * start one either: it does if the app opens a PDF after all, an archive's entry).
 */
function forView(base: string, files: BootFiles): (view: string | undefined) => void {
  let once = false;
  return (view) => {
    if (once) return;
    once = true;
    if (view === undefined || view === 'pages') {
      startWorker(base, files.worker);
      return;
    }
    window.folioPdfWorker ??= null;
    for (const file of files.views[view] ?? []) {
      link('preload', base + file, file.endsWith('.css') ? 'style' : 'script');
    }
  };
}

/**
 * The app's scripts, held on a document link until the facility's answer is in. While page 1's
 * preview is coming in they are downloaded but held until the
 * first frame (firstFrame/) has drawn it or given up (at most HOLD_MS): running them takes the
 * main thread for hundreds of milliseconds, and nothing is painted until they are done. A preview
 * the server is still drawing (no response DRAWING_MS after the scripts are in) holds nothing
 * (docs/decisions/2026-11-26-first-frame.md), and the PDF's ranges are asked for then rather than
 * after it (docs/decisions/2026-11-27-cold-preview-ranges.md). With no preview to show, the stage
 * (stage/) draws page 1 with pdf.js, and they wait until it has painted it or given up
 * (docs/decisions/2026-12-07-boot-draws-page-one.md).
 */
function loadScripts(base: string, files: BootFiles, early: EarlyRequests | undefined) {
  const { scripts } = files;
  let viewerAsked = false;
  const preloadViewer = () => {
    if (viewerAsked) return;
    viewerAsked = true;
    for (const file of files.preload)
      link('preload', base + file, file.endsWith('.css') ? 'style' : 'script');
  };
  let started = false;
  // The stage is drawing page 1: only its end (or a bound below) runs the app's scripts.
  let staged = false;
  const start = () => {
    if (started) return;
    started = true;
    if (window.folioEarlyStage) window.folioEarlyStage.appRunning = true;
    preloadViewer();
    for (const file of scripts) {
      const script = document.createElement('script');
      script.src = base + file;
      script.async = false;
      document.head.append(script);
    }
  };
  window.folioStartApp = () => {
    if (!staged) start();
  };
  const preview = (window.folioEarlyPreview as { preview?: Promise<unknown> } | undefined)?.preview;
  if (early === undefined || preview === undefined) {
    start();
    return;
  }
  let scriptsIn = false;
  let imageIn = false;
  // The answer is in, and the boot knows what shows page 1 first (a preview, the stage, the app).
  let settled = false;
  let loaded = false;
  const hold = () => {
    if (scriptsIn && imageIn) setTimeout(start, HOLD_MS);
  };
  // The answer is overdue: the app runs without it, as it did before the stage.
  let overdue = false;
  const answered = () => settled || overdue;
  const serverDrawing = () => {
    if (!scriptsIn || !answered() || imageIn || staged) return;
    setTimeout(() => {
      if (imageIn) return;
      early.serverDrawing();
      start();
    }, DRAWING_MS);
  };
  const afterLoad = () => {
    if (loaded && answered() && !staged) setTimeout(start, AFTER_LOAD_MS);
  };
  const fetchScripts = () => {
    preloadViewer();
    let downloading = scripts.length;
    for (const file of scripts) {
      const preloaded = link('preload', base + file, 'script');
      preloaded.onload = preloaded.onerror = () => {
        downloading -= 1;
        if (downloading > 0) return;
        scriptsIn = true;
        hold();
        serverDrawing();
      };
    }
  };
  // Near the server, what page 1 does not need is asked for after it: once the boot knows that
  // the stage draws nothing, or once it has drawn page 1 (`start`). Far from it, at once: the
  // answer's round trip would delay them more than they delay page 1.
  const stage = window.folioEarlyStage;
  if (stage && nearServer()) {
    void stage.decided.then((ask) => {
      if (ask === undefined) fetchScripts();
    });
  } else {
    fetchScripts();
  }
  // Bounds that need none of the events above, should one never come
  // (docs/decisions/2026-11-27-a-first-view-that-did-not-start.md); the page's load counts once
  // the answer is in, and not while the stage draws (it ends itself whatever happens).
  window.addEventListener('load', () => {
    loaded = true;
    afterLoad();
  });
  setTimeout(() => {
    if (settled) return;
    overdue = true;
    afterLoad();
    serverDrawing();
  }, ANSWER_HOLD_MS);
  setTimeout(start, LAST_BOUND_MS);
  void preview.then((asked) => {
    settled = true;
    const stage = stageDrawing();
    if (!asked && stage) {
      staged = true;
      void stage.done.then(start);
      return;
    }
    if (!asked) {
      start();
      return;
    }
    afterLoad();
    serverDrawing();
    (asked as { response: Promise<Response> }).response.then(() => {
      imageIn = true;
      hold();
    }, start);
  });
}

export function boot(files: BootFiles): void {
  const { routerBase: base } = readSettings();
  const docLink = namesDocument(pageLocation().search);
  if (docLink) markDocumentLink(document.documentElement);
  markLanguage();
  let early: EarlyRequests | undefined;
  const answered = forView(base, files);
  try {
    if (docLink) early = askEarly(files.stage.length > 0, answered);
  } catch {
    // The app asks for it itself.
  }
  // No answer coming to the boot: the worker at once, as for pages.
  if (docLink && early === undefined) answered(undefined);
  for (const file of files.stage) {
    const script = document.createElement('script');
    script.src = base + file;
    script.async = true;
    document.head.append(script);
  }
  for (const file of files.styles) link('stylesheet', base + file);
  loadScripts(base, files, early);
}
