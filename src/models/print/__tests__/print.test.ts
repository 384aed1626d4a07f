/**
 * The print job on a real app (behaviour.md, "The facility's policy"): the `print` effect with a fake page renderer standing in
 * for pdf.js (jsdom has no canvas), and the real hand-over to window.print (jsdom's images never
 * load, so the test loads them; object URLs are stood in for).
 */
import { printActions } from '..';
import type { PrintOutcome, PrintState } from '..';
import { createTestApp } from '../../../test/renderWithProviders';
import type { PreloadedDoc } from '../../../test/renderWithProviders';
import { pageLayer, renderPrintPage } from '../../../services/print';
import type { PrintImage, PrintSource, RenderPageOptions } from '../../../services/print';

import { showEngine } from '../../../test/shownEngine';
import type { Engine } from '../../../services/pdf/engine';
jest.mock('../../../services/print/renderPage', () => ({ renderPrintPage: jest.fn() }));
const render = jest.mocked(renderPrintPage);

/** One call of the fake renderer: which page, its options, and how to finish it. */
interface Call {
  pageNumber: number;
  options: RenderPageOptions;
  finish: () => void;
  fail: () => void;
}

const SOURCE = { getPage: jest.fn() } as unknown as PrintSource;
/** The page view's engine, as far as the print effect reads it: its document. */
const ENGINE = { pdf: SOURCE } as unknown as Engine;
let calls: Call[];
let inFlight: number;
let maxInFlight: number;
/** true: each page finishes at once; false: the test finishes it (calls[i].finish()). */
let autoFinish: boolean;

let hideEngine: () => void;

beforeEach(() => {
  hideEngine = showEngine(ENGINE);
  render.mockReset();
  calls = [];
  inFlight = 0;
  maxInFlight = 0;
  autoFinish = true;
  render.mockImplementation(
    (_source, pageNumber, options) =>
      new Promise<PrintImage>((resolve, reject) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const settle = (outcome: () => void) => () => {
          inFlight -= 1;
          outcome();
        };
        const finish = settle(() => {
          resolve({ blob: new Blob([`page ${String(pageNumber)}`]), widthPt: 595, heightPt: 842 });
        });
        const fail = settle(() => {
          reject(new Error('broken page'));
        });
        options.signal.addEventListener('abort', fail);
        calls.push({ pageNumber, options, finish, fail });
        if (autoFinish) finish();
      }),
  );
});

// What jsdom lacks: object URLs, print, and image loading.
let urls: Set<string>;
let printed: { images: number; printing: boolean }[];
let observer: MutationObserver;
let afterprint: boolean;
let printSpy: jest.Mock;
let revokeSpy: jest.Mock;

beforeEach(() => {
  urls = new Set();
  printed = [];
  afterprint = true;
  let next = 0;
  URL.createObjectURL = jest.fn(() => {
    next += 1;
    const url = `blob:test/${String(next)}`;
    urls.add(url);
    return url;
  });
  revokeSpy = jest.fn((url: string) => {
    urls.delete(url);
  });
  URL.revokeObjectURL = revokeSpy;
  printSpy = jest.fn(() => {
    printed.push({
      images: document.querySelectorAll('.folio-print-container img').length,
      printing: document.documentElement.hasAttribute('data-folio-printing'),
    });
    if (afterprint) window.dispatchEvent(new Event('afterprint'));
  });
  window.print = printSpy;
  observer = new MutationObserver(() => {
    document.querySelectorAll('.folio-print-container img').forEach((img) => {
      img.dispatchEvent(new Event('load'));
    });
  });
  observer.observe(document.body, { childList: true });
});

afterEach(() => {
  hideEngine();
  observer.disconnect();
  document.body.replaceChildren();
});

function start(doc: PreloadedDoc = {}) {
  const app = createTestApp({ doc: { docData: { pageCount: 5 }, ...doc } });
  const progress: number[] = [];
  app.store.subscribe(() => {
    // Undefined once the app is stopped after the test (its models removed).
    const state = app.getState().print as PrintState | undefined;
    if (state?.status === 'rendering' && progress.at(-1) !== state.progress.done)
      progress.push(state.progress.done);
  });
  return { app, progress, print: () => app.getState().print };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('print model: the print effect', () => {
  it('draws the range one page at a time, counts progress, prints once, cleans up', async () => {
    const { app, progress, print } = start();
    app.dispatch(printActions.openDialog());
    app.dispatch(printActions.setRangeText('2-4'));
    const outcome: PrintOutcome = await app.dispatch(printActions.print());
    expect(outcome).toBe('printed');
    expect(calls.map((c) => c.pageNumber)).toEqual([2, 3, 4]);
    expect(maxInFlight).toBe(1);
    expect(progress).toEqual([0, 1, 2, 3]);
    expect(printSpy).toHaveBeenCalledTimes(1);
    expect(printed).toEqual([{ images: 3, printing: true }]);
    // Cleaned up: no container, every object URL revoked, not printing, dialog closed.
    expect(document.querySelector('.folio-print-container')).toBeNull();
    expect(urls.size).toBe(0);
    expect(revokeSpy).toHaveBeenCalledTimes(3);
    expect(document.documentElement.hasAttribute('data-folio-printing')).toBe(false);
    expect(print()).toMatchObject({ status: 'idle', dialogOpen: false });
  });

  it('all pages and the current page', async () => {
    const { app } = start({ currentPage: 4 });
    await app.dispatch(printActions.print());
    expect(calls.map((c) => c.pageNumber)).toEqual([1, 2, 3, 4, 5]);
    calls = [];
    app.dispatch(printActions.setChoice('current'));
    await app.dispatch(printActions.print());
    expect(calls.map((c) => c.pageNumber)).toEqual([4]);
    expect(printSpy).toHaveBeenCalledTimes(2);
  });

  it('draws the page, then the watermark; no watermark layer without watermark text', async () => {
    const { app } = start({
      docData: { pageCount: 1, watermarkInfo: { text: 'alice', color: 'rgba(0,0,255,0.5)' } },
    });
    await app.dispatch(printActions.print());
    const [layers] = calls.map((c) => c.options.layers);
    expect(layers).toHaveLength(2);
    expect(layers[0]).toBe(pageLayer(true));

    const plain = start({ docData: { pageCount: 1, watermarkInfo: { text: '' } } });
    calls = [];
    await plain.app.dispatch(printActions.print());
    expect(calls[0].options.layers).toEqual([pageLayer(true)]);
    const bare = start({ docData: { pageCount: 1, param: { showComment: false } } });
    calls = [];
    await bare.app.dispatch(printActions.print());
    expect(calls[0].options.layers).toEqual([pageLayer(false)]);
    expect(calls[0].options).toMatchObject({ dpi: 150, image: { type: 'image/jpeg' } });
  });

  it('Cancel stops drawing at once: the page being drawn is aborted, nothing printed', async () => {
    autoFinish = false;
    const { app, print } = start();
    const job = app.dispatch(printActions.print());
    await flush();
    calls[0].finish();
    await flush();
    expect(calls.map((c) => c.pageNumber)).toEqual([1, 2]);
    expect(print().progress).toEqual({ done: 1, total: 5 });
    app.dispatch(printActions.cancel());
    expect(await job).toBe('cancelled');
    expect(calls[1].options.signal.aborted).toBe(true);
    await flush();
    expect(calls).toHaveLength(2);
    expect(printSpy).not.toHaveBeenCalled();
    expect(document.querySelector('.folio-print-container')).toBeNull();
    expect(print()).toMatchObject({ status: 'idle', dialogOpen: false });
  });

  it('Cancel while the browser prints cleans up at once', async () => {
    afterprint = false;
    const { app } = start({ docData: { pageCount: 2 } });
    const job = app.dispatch(printActions.print());
    for (let i = 0; i < 10 && printed.length === 0; i += 1) await flush();
    expect(printed).toEqual([{ images: 2, printing: true }]);
    expect(document.querySelector('.folio-print-container')).not.toBeNull();
    app.dispatch(printActions.cancel());
    expect(await job).toBe('cancelled');
    expect(document.querySelector('.folio-print-container')).toBeNull();
    expect(urls.size).toBe(0);
  });

  it('a page that cannot be drawn fails the job: which page, nothing printed', async () => {
    autoFinish = false;
    const { app, print } = start();
    app.dispatch(printActions.openDialog());
    app.dispatch(printActions.setRangeText('2-3'));
    const job = app.dispatch(printActions.print());
    await flush();
    calls[0].finish();
    await flush();
    calls[1].fail();
    expect(await job).toBe('failed');
    expect(print()).toMatchObject({ status: 'failed', failedPage: 3, dialogOpen: true });
    expect(printSpy).not.toHaveBeenCalled();
  });

  it.each<[string, PreloadedDoc, string]>([
    ['print off', { docData: { param: { print: false } } }, 'notAllowed'],
    ['no document shown', { status: 'loading' }, 'notAllowed'],
    ['a listing (nothing to print)', { docData: { view: 'listing' } }, 'notAllowed'],
    ['media (nothing to print)', { docData: { view: 'media' } }, 'notAllowed'],
  ])('%s: nothing is drawn (%s)', async (_case, doc, expected) => {
    const { app } = start(doc);
    expect(await app.dispatch(printActions.print())).toBe(expected);
    expect(render).not.toHaveBeenCalled();
  });

  it('no document open in pdf.js (its page view gone): nothing is drawn', async () => {
    const { app } = start();
    hideEngine();
    expect(await app.dispatch(printActions.print())).toBe('notAllowed');
    expect(render).not.toHaveBeenCalled();
  });

  it('an invalid range draws nothing', async () => {
    const { app, print } = start();
    app.dispatch(printActions.setRangeText('3-1'));
    expect(await app.dispatch(printActions.print())).toBe('invalid');
    expect(render).not.toHaveBeenCalled();
    expect(print().status).toBe('idle');
  });
});
