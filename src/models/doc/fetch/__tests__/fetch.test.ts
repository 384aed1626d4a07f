/** @jest-environment node */
/**
 * The doc/fetch effect on a real app (createApp, loadingPlugin, the app's model list) against the
 * real dev preview facility over HTTP (contracts §3, §8). No mocked fetch, no sleeps: each test awaits
 * the dispatch promise, or watches the store.
 */
import { EffectCancelledError } from '../../../../runtime';
import { docActions } from '../..';
import type { DocState } from '../..';
import { DEFAULT_PAGE_SIZE, LIMITS } from '../../../../services/facilityDocument';
import { POLL } from '../effects';
import { startApp } from '../../__tests__/startedApp';
import { closedOrigin, startFacility, until } from '../../__tests__/facility';
import type { Facility } from '../../__tests__/facility';
import { PARAM_DEFAULTS } from '../../../../domain/document';

jest.setTimeout(20_000);

interface Globals {
  previewApi?: string;
  previewTimeoutMs?: number;
}
const globals = globalThis as Globals;

let facility: Facility;

beforeAll(async () => {
  facility = await startFacility();
  await facility.addPdf('tracemonkey.pdf');
  await facility.addPdf('boom.pdf', { fail: { status: 500 } });
  await facility.addPdf('unavailable.pdf', { fail: { status: 503, body: '<h1>down</h1>' } });
  await facility.addPdf('garbled.pdf', { fail: { status: 200, body: 'not json' } });
  const json = 'application/json; charset=utf-8';
  await facility.addPdf('unconvertible.docx', {
    fail: {
      status: 502,
      contentType: json,
      body: JSON.stringify({ error: 'conversion_failed', message: 'LibreOffice exited 1\u202E' }),
    },
  });
  await facility.addPdf('no-converter.docx', {
    fail: { status: 503, contentType: json, body: '{"error":"converter_not_installed"}' },
  });
  for (const [code, status] of [
    ['source_refused', 502],
    ['source_timeout', 504],
    ['source_unavailable', 502],
  ] as const) {
    await facility.addPdf(`${code}.pdf`, {
      fail: {
        status,
        contentType: json,
        body: JSON.stringify({ error: code, message: 'http://dms.internal' }),
      },
    });
  }
  await facility.addPdf('list.pdf', { fail: { status: 200, body: '[1, 2, 3]' } });
  await facility.addPdf('slow.pdf', { delayMs: 10_000 });
  await facility.addPdf('converting.pdf', { convertMs: 1_200 });
  await facility.addPdf('forever.pdf', { convertMs: 3_600_000 });
  await facility.addPdf('policy.pdf', {
    title: '<img src=x onerror=alert(1)>\u202Egpj.exe',
    param: { download: 'false', print: 'yes', antiCopy: null, showSearch: true, maxZoomRatio: 4 },
    watermarkInfo: { text: 'alice\u0000 · 2026', fontSize: 16, color: 'red;x' },
  });
  await facility.addPdf('absurd.pdf', {
    override: { pageCount: 1e9, pageSize: [{ width: -612, height: 1e9 }], fileUrl: 'javascript:x' },
  });
  await facility.addFile('broken.pdf', '%PDF-1.7\nnot really\n%%EOF\n');
  const viewOnly = (pages: string | null) => ({
    fail: {
      status: 200,
      contentType: json,
      body: JSON.stringify({
        title: 'Seen, not sent',
        pageCount: 2,
        loadedCount: 2,
        pageSize: [{ width: 612, height: 792 }],
        param: { download: true, print: true },
        viewOnly: { pages, widths: [480, 960] },
      }),
    },
  });
  await facility.addPdf('locked.zip', {
    fail: {
      status: 422,
      contentType: json,
      body: JSON.stringify({ error: 'password_required', message: 'encrypted' }),
    },
  });
  await facility.addPdf('scans.zip', {
    fail: {
      status: 200,
      contentType: json,
      body: JSON.stringify({
        title: 'scans.zip',
        mimeType: 'application/zip',
        view: 'listing',
        pageCount: 0,
        listing: {
          kind: 'archive',
          entries: [{ id: 'scans.zip!1', path: '2026/合同/acme.pdf', size: 10, opens: true }],
        },
        param: { download: true },
      }),
    },
  });
  await facility.addPdf('talk.mp4', {
    fail: {
      status: 200,
      contentType: json,
      body: JSON.stringify({
        title: 'talk',
        mimeType: 'video/mp4',
        view: 'media',
        pageCount: 0,
        media: {
          kind: 'video',
          url: 'documents/talk.mp4/media/t',
          tracks: [{ url: 'documents/talk.mp4/tracks/t/zh-CN', lang: 'zh-CN' }],
          viewOnly: true,
        },
        param: { download: true },
      }),
    },
  });
  await facility.addPdf('view-only.pdf', viewOnly('documents/v/pages/h/1/{page}-{width}.webp'));
  await facility.addPdf('view-only-unreadable.pdf', viewOnly(null));
});

afterAll(async () => {
  await facility.close();
});

beforeEach(() => {
  globals.previewApi = facility.previewApi;
  globals.previewTimeoutMs = 5_000;
});

afterEach(() => {
  delete globals.previewApi;
  delete globals.previewTimeoutMs;
});

/** Fetches `id` to the end; expected failures resolve, so this never throws for them. */
async function fetchDoc(id: string) {
  const { app, onError } = startApp();
  const outcome = await app.dispatch(docActions.fetch(id));
  expect(onError).not.toHaveBeenCalled();
  const { doc, loading, pagePreviews } = app.getState();
  return { outcome, doc, loading, pagePreviews };
}

describe('doc/fetch: a listing (contracts §3 "Views beyond pages")', () => {
  it('an encrypted archive is told as one (422 password_required), not as a facility failure', async () => {
    const { outcome, doc } = await fetchDoc('locked.zip');
    expect(outcome).toBe('error');
    expect(doc.error).toEqual({ kind: 'passwordRequired', status: 422 });
  });

  it('is stored with its entries and shown by the listing engine: no PDF is opened', async () => {
    const { outcome, doc } = await fetchDoc('scans.zip');
    expect(outcome).toBe('ready');
    expect(doc.status).toBe('ready');
    expect(doc.docData.view).toBe('listing');
    expect(doc.docData.listing?.entries.map((entry) => entry.id)).toEqual(['scans.zip!1']);
    // No PDF was asked for, and nothing of pdf.js follows.
    expect(doc.pagesUrl).toBeUndefined();
    expect(doc.pagesReady).toBe(false);
  });
});

describe('doc/fetch: audio or video (contracts §3 "Views beyond pages")', () => {
  it('is stored with its player’s file and shown by the media engine: no PDF is opened', async () => {
    const { outcome, doc } = await fetchDoc('talk.mp4');
    expect(outcome).toBe('ready');
    expect(doc.docData.view).toBe('media');
    expect(doc.docData.media).toMatchObject({
      kind: 'video',
      url: `${facility.previewApi}documents/talk.mp4/media/t`,
      tracks: [{ url: `${facility.previewApi}documents/talk.mp4/tracks/t/zh-CN`, lang: 'zh-CN' }],
    });
    // View only: no download, whatever the policy said.
    expect(doc.docData.param.download).toBe(false);
    expect(doc.pagesUrl).toBeUndefined();
    expect(doc.pagesReady).toBe(false);
  });
});

describe('doc/fetch: a view-only document (contracts §3 `viewOnly`)', () => {
  it('shows its page images, not a PDF: no download, no previews, every page sized', async () => {
    const { outcome, doc } = await fetchDoc('view-only.pdf');
    expect(outcome).toBe('ready');
    const pages = `${facility.previewApi}documents/v/pages/h/1/{page}-{width}.webp`;
    expect(doc.docData.viewOnly).toEqual({ pages, widths: [480, 960], text: undefined });
    // The images' URL is what the page view shows and the pages effect opens (no pdf.js open).
    expect(doc.pagesUrl).toBe(pages);
    expect(doc.docData.param.download).toBe(false);
    expect(doc.docData.previews).toBeUndefined();
  });

  it('with no page the server can draw, says the file could not be read', async () => {
    const { outcome, doc } = await fetchDoc('view-only-unreadable.pdf');
    expect(outcome).toBe('error');
    expect(doc.error).toEqual({ kind: 'conversionFailed' });
    expect(doc.pagesUrl).toBeUndefined();
  });
});

describe('doc/fetch: a real document', () => {
  it('spec §7 fetch: stores the facility answer as docData (tracemonkey: ready, 14 pages)', async () => {
    const { app, onError } = startApp();
    const run = app.dispatch(docActions.fetch('tracemonkey.pdf'));

    expect(app.getState().doc).toMatchObject({ status: 'loading', docId: 'tracemonkey.pdf' });
    await expect(run).resolves.toBe('ready');
    expect(onError).not.toHaveBeenCalled();

    const { doc } = app.getState();
    expect(doc.status).toBe('ready');
    expect(doc.error).toBeUndefined();
    expect(doc.mimeType).toBe('application/pdf');
    expect(doc.docData).not.toHaveProperty('mimeType');
    expect(doc.docData.pageCount).toBe(14);
    expect(doc.docData.loadedCount).toBe(14);
    expect(doc.docData.pageSize).toHaveLength(14);
    expect(doc.docData.pageSize[0]).toEqual({ width: 612, height: 792 });
    expect(typeof doc.docData.title).toBe('string');
    expect(doc.docData.title).not.toBe('');
    expect(doc.docData.param).toEqual(PARAM_DEFAULTS);
    expect(doc.docData.fileUrl).toBe(`${facility.origin}/api/documents/tracemonkey.pdf/content`);
    expect(doc.docData.originalUrl).toBe(
      `${facility.origin}/api/documents/tracemonkey.pdf/original`,
    );
  });

  it('page previews: kept from the answer, unless the boot script chose none this time (docs/decisions/2026-11-28-near-cold-preview.md)', async () => {
    expect((await fetchDoc('tracemonkey.pdf')).doc.docData.previews?.pages).toBe(10);
    const holder = globalThis as { folioEarlyPreview?: unknown };
    holder.folioEarlyPreview = {
      preview: Promise.resolve(undefined),
      abort: () => undefined,
      declined: true,
    };
    const declined = await fetchDoc('tracemonkey.pdf');
    expect(declined.outcome).toBe('ready');
    expect(declined.doc.docData.previews).toBeUndefined();
    expect(declined.pagePreviews.images).toEqual({});
    expect(holder.folioEarlyPreview).toBeUndefined();
    // Once only: the next document shows its previews.
    expect((await fetchDoc('tracemonkey.pdf')).doc.docData.previews?.pages).toBe(10);
  });

  it('spec §7 fetch: fileUrl is an absolute URL that serves the PDF', async () => {
    const { doc } = await fetchDoc('tracemonkey.pdf');
    const response = await fetch(doc.docData.fileUrl);
    expect(response.status).toBe(200);
    expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('opens no PDF before the answer names it: the view may not be pages (docs/decisions/2026-12-06-boot-before-the-app.md)', async () => {
    const { app } = startApp();
    // The PDF's URL each time the store changes, and whether the answer was stored by then.
    const seen: { pagesUrl: string | undefined; answered: boolean }[] = [];
    app.store.subscribe(() => {
      const { doc } = app.getState();
      seen.push({ pagesUrl: doc.pagesUrl, answered: doc.docData.fileUrl !== '' });
    });
    await expect(app.dispatch(docActions.fetch('tracemonkey.pdf'))).resolves.toBe('ready');
    const opened = seen.filter((change) => change.pagesUrl !== undefined);
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.every((change) => change.answered)).toBe(true);
    expect(app.getState().doc.pagesUrl).toBe(app.getState().doc.docData.fileUrl);
  });

  it('spec §4 loading: shown under doc and doc/fetch while the fetch runs, hidden after', async () => {
    const { app } = startApp();
    const run = app.dispatch(docActions.fetch('tracemonkey.pdf'));
    expect(app.getState().loading.effects['doc/fetch']).toBe(true);
    expect(app.getState().loading.models.doc).toBe(true);
    await run;
    expect(app.getState().loading.effects['doc/fetch']).toBe(false);
    expect(app.getState().loading.models.doc).toBe(false);
  });

  it('spec §4 loading: the doc model is registered at start-up', () => {
    const { app } = startApp();
    expect(app.getState().doc.status).toBe('idle');
    expect(app.getState().loading).toMatchObject({ models: {}, effects: {} });
  });

  it('contracts §8 bad documents: a corrupt PDF still loads, with 0 pages, for the viewer to cope', async () => {
    const { outcome, doc } = await fetchDoc('broken.pdf');
    expect(outcome).toBe('ready');
    expect(doc.docData.pageCount).toBe(0);
    expect(doc.docData.title).toBe('broken');
  });
});

describe('doc/fetch: what the facility says is sanitised', () => {
  it('contracts §3 param: download "false" gives download false; wrong types restrict the policy', async () => {
    const { doc } = await fetchDoc('policy.pdf');
    expect(doc.docData.param).toEqual({
      ...PARAM_DEFAULTS,
      download: false,
      print: false,
      antiCopy: true,
      showSearch: true,
      maxZoomRatio: 4,
    });
  });

  it('contracts §8 HTML in titles and watermark: kept as text, controls and bidi overrides removed', async () => {
    const { doc } = await fetchDoc('policy.pdf');
    expect(doc.docData.title).toBe('<img src=x onerror=alert(1)>gpj.exe');
    expect(doc.docData.watermarkInfo).toEqual({ text: 'alice · 2026', fontSize: 16 });
  });

  it('contracts §8 absurd values: pageCount capped, impossible sizes replaced, unsafe fileUrl refused', async () => {
    const { outcome, doc } = await fetchDoc('absurd.pdf');
    expect(outcome).toBe('ready');
    expect(doc.docData.pageCount).toBe(LIMITS.pageCount);
    expect(doc.docData.pageSize).toEqual([DEFAULT_PAGE_SIZE]);
    expect(doc.docData.fileUrl).toBe(`${facility.origin}/api/documents/absurd.pdf/content`);
  });
});

describe('doc/fetch: failures become a typed error, never a throw', () => {
  it.each<[string, string, DocState['error']]>([
    ['unknown id → notFound', 'missing.pdf', { kind: 'notFound', status: 404 }],
    ['an id the facility refuses → notFound', 'a:b.pdf', { kind: 'notFound', status: 400 }],
    ['a dot-segment id → notFound without a request', '..', { kind: 'notFound', status: 404 }],
    ['facility 500 → facility', 'boom.pdf', { kind: 'facility', status: 500 }],
    [
      'facility 503 with an HTML body → facility',
      'unavailable.pdf',
      { kind: 'facility', status: 503 },
    ],
    [
      'a conversion failure (docs/server.md) → its sanitised reason',
      'unconvertible.docx',
      { kind: 'conversionFailed', status: 502, reason: 'LibreOffice exited 1' },
    ],
    [
      'the converter not installed (docs/server.md)',
      'no-converter.docx',
      { kind: 'converterMissing', status: 503 },
    ],
    [
      'the store refused the server (docs/server.md)',
      'source_refused.pdf',
      { kind: 'sourceRefused', status: 502 },
    ],
    ['the store too slow', 'source_timeout.pdf', { kind: 'sourceTimeout', status: 504 }],
    ['the store away', 'source_unavailable.pdf', { kind: 'sourceUnavailable', status: 502 }],
    ['200 that is not JSON → malformed', 'garbled.pdf', { kind: 'malformed' }],
    ['200 with JSON of the wrong shape → malformed', 'list.pdf', { kind: 'malformed' }],
  ])('contracts §8 %s', async (_, id, error) => {
    const { outcome, doc, loading } = await fetchDoc(id);
    expect(outcome).toBe('error');
    expect(doc.status).toBe('error');
    expect(doc.error).toEqual(error);
    expect(loading.effects['doc/fetch']).toBe(false);
    expect(loading.models.doc).toBe(false);
  });

  it('contracts §8 facility timeout: an answer later than the client timeout → timeout', async () => {
    globals.previewTimeoutMs = 300;
    const { outcome, doc, loading } = await fetchDoc('slow.pdf');
    expect(outcome).toBe('error');
    expect(doc.error).toEqual({ kind: 'timeout' });
    expect(loading.effects['doc/fetch']).toBe(false);
    await until(() => facility.seen.some((s) => s.url.includes('slow.pdf') && s.aborted));
  });

  it('contracts §8 network: a facility nobody answers for → network', async () => {
    globals.previewApi = `${await closedOrigin()}/api/`;
    const { outcome, doc } = await fetchDoc('tracemonkey.pdf');
    expect(outcome).toBe('error');
    expect(doc.error).toEqual({ kind: 'network' });
  });

  it('an unexpected failure (an unusable previewApi) is reported and never leaves it loading', async () => {
    globals.previewApi = 'javascript:alert(1)';
    const { app, onError } = startApp();
    await expect(app.dispatch(docActions.fetch('tracemonkey.pdf'))).rejects.toThrow('http(s)');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(app.getState().doc).toMatchObject({ status: 'error', error: { kind: 'facility' } });
    expect(app.getState().loading.effects['doc/fetch']).toBe(false);
  });

  it('a dot-segment id is refused without asking the facility', async () => {
    const before = facility.seen.length;
    const { doc } = await fetchDoc('..');
    expect(doc.error).toEqual({ kind: 'notFound', status: 404 });
    expect(facility.seen.length).toBe(before);
  });

  it('a retry of the same id after an error fetches again and clears the error', async () => {
    const { app } = startApp();
    await app.dispatch(docActions.fetch('late.pdf'));
    expect(app.getState().doc.error).toEqual({ kind: 'notFound', status: 404 });
    await facility.addPdf('late.pdf');
    await expect(app.dispatch(docActions.fetch('late.pdf'))).resolves.toBe('ready');
    expect(app.getState().doc).toMatchObject({ status: 'ready', error: undefined });
    expect(app.getState().doc.docData.pageCount).toBe(14);
  });
});

describe('doc/fetch: conversion and concurrency', () => {
  it('contracts §3 converting: shows progress and polls until complete, without a new dispatch', async () => {
    const { app, onError } = startApp();
    const seen: { status: DocState['status']; loaded: number; fetching: boolean }[] = [];
    app.store.subscribe(() => {
      const { doc, loading } = app.getState();
      const last = seen.at(-1);
      if (last?.status !== doc.status || last.loaded !== doc.docData.loadedCount) {
        seen.push({
          status: doc.status,
          loaded: doc.docData.loadedCount,
          fetching: loading.effects['doc/fetch'] ?? false,
        });
      }
    });

    await expect(app.dispatch(docActions.fetch('converting.pdf'))).resolves.toBe('ready');
    expect(onError).not.toHaveBeenCalled();

    const converting = seen.filter((s) => s.status === 'converting');
    expect(converting.length).toBeGreaterThan(0);
    expect(converting.every((s) => s.loaded < 14 && s.fetching)).toBe(true);
    expect(seen.findIndex((s) => s.status === 'converting')).toBeLessThan(
      seen.findIndex((s) => s.status === 'ready'),
    );
    const polls = facility.seen.filter((s) => s.url === '/api/documents/converting.pdf');
    expect(polls.length).toBeGreaterThan(1);
    expect(app.getState().doc.docData).toMatchObject({ pageCount: 14, loadedCount: 14 });
  });

  it('contracts §3 converting: polling is bounded; a conversion that never ends becomes a timeout', async () => {
    jest.replaceProperty(POLL, 'maxTotalMs', 1_000);
    const { outcome, doc, loading } = await fetchDoc('forever.pdf');
    expect(outcome).toBe('error');
    expect(doc.error).toEqual({ kind: 'timeout' });
    expect(loading.effects['doc/fetch']).toBe(false);
    // 500 ms, then 750 ms: three requests, each later one after a longer wait.
    expect(facility.seen.filter((s) => s.url === '/api/documents/forever.pdf')).toHaveLength(3);
  });

  it('takeLatest: another fetch cancels the running one and aborts its request', async () => {
    const { app } = startApp();
    const before = facility.seen.length;
    const first = app.dispatch(docActions.fetch('slow.pdf'));
    await until(
      () => facility.seen.slice(before).some((s) => s.url.includes('slow.pdf')),
      5_000,
      'the slow request to reach the facility',
    );
    const second = app.dispatch(docActions.fetch('tracemonkey.pdf'));

    await expect(first).rejects.toBeInstanceOf(EffectCancelledError);
    await expect(second).resolves.toBe('ready');
    expect(app.getState().doc).toMatchObject({ docId: 'tracemonkey.pdf', status: 'ready' });
    expect(app.getState().loading.effects['doc/fetch']).toBe(false);
    await until(
      () => facility.seen.slice(before).some((s) => s.url.includes('slow.pdf') && s.aborted),
      5_000,
      'the slow request to be aborted',
    );
  });
});
