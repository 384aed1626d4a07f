/**
 * The facility's answer asked for by the boot (src/boot/earlyRequests.ts,
 * docs/decisions/2026-11-25-range-first.md): the app's request for the same URL takes it over
 * instead of asking again; so do its requests for page 1's preview.
 */
import {
  dropDecodedPreview,
  offerDecodedPreview,
  takeEarlyAnswer,
  takeEarlyPreview,
  takePreviewsDeclined,
} from '../../services/earlyAnswer';
import { fetchPreviewImage } from '../../services/pagePreview';
import { replaceFirstFrame } from '../firstFrame/handover';
import { normalizeDocument } from '../../services/facilityDocument';
import { firstPagePreview } from '../../services/pagePreviewUrl';
import { createFacilityClient } from '../../services/facilityClient';
import { readSettings } from '../../services/settings';
import { readDocId } from '../../url/docId';
import { bootScript } from '../../test/bootScript';
import { readUrlToken } from '../../url/token';
import { facilityCredentials } from '../../services/facilityAuth';

const globals = window as Window & {
  routerBase?: string;
  previewApi?: string;
  previewCredentials?: string;
};

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json' },
  });
}

const DOC = { title: 'T', mimeType: 'application/pdf', pageCount: 1, loadedCount: 1 };

afterEach(() => {
  delete globals.routerBase;
  delete globals.previewApi;
  delete globals.folioEarlyAnswer;
  delete globals.folioEarlyPreview;
  delete globals.previewCredentials;
  jest.restoreAllMocks();
  document.documentElement.className = '';
  window.history.replaceState(null, '', '/');
});

describe('takeEarlyAnswer', () => {
  function early(url: string) {
    const abort = jest.fn();
    const response = Promise.resolve(answer(DOC));
    globals.folioEarlyAnswer = { url, response, abort };
    return { abort, response };
  }

  it('hands the response over to the request for the same URL, once', () => {
    const { abort, response } = early('https://f.test/api/documents/a.pdf');
    const controller = new AbortController();
    expect(takeEarlyAnswer('https://f.test/api/documents/a.pdf', controller.signal)).toBe(response);
    expect(
      takeEarlyAnswer('https://f.test/api/documents/a.pdf', controller.signal),
    ).toBeUndefined();
    // The request's own cancellation (its timeout, takeLatest) cancels it.
    controller.abort();
    expect(abort).toHaveBeenCalledTimes(1);
  });

  it('cancels it when the app asks for another URL', () => {
    const { abort } = early('https://f.test/api/documents/a.pdf');
    expect(
      takeEarlyAnswer('https://f.test/api/documents/b.pdf', new AbortController().signal),
    ).toBeUndefined();
    expect(abort).toHaveBeenCalledTimes(1);
  });
});

describe('the boot asks for what the app will, and the app takes it over', () => {
  const cases: [string, string | undefined, string | undefined, string][] = [
    ['/?doc=a.pdf', undefined, undefined, 'a.pdf'],
    ['/viewer/a/b?doc=a%20b%23%25.pdf', '/viewer/', undefined, 'a b#%.pdf'],
    ['/viewer/?doc=%E6%8A%A5%E5%91%8A%20a.docx', '/viewer/', '/svc/api', '报告 a.docx'],
    ['/?doc=%20x.pdf%20', '/', 'https://facility.example/preview/', 'x.pdf'],
  ];
  it.each(cases)('%s (routerBase %s, previewApi %s)', async (url, routerBase, previewApi, id) => {
    window.history.replaceState(null, '', url);
    if (routerBase !== undefined) globals.routerBase = routerBase;
    if (previewApi !== undefined) globals.previewApi = previewApi;
    const fetch = jest
      .spyOn(window, 'fetch')
      .mockImplementation(() => Promise.resolve(answer(DOC)));
    bootScript();
    expect(fetch).toHaveBeenCalledTimes(1);
    const doc = readDocId(new URLSearchParams(window.location.search).get('doc'));
    expect(doc).toEqual({ kind: 'id', id });
    const client = createFacilityClient(readSettings().previewApi);
    await expect(client.getDocument(id)).resolves.toMatchObject({ title: 'T', pageCount: 1 });
    // Taken over: the app did not ask a second time.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a control character', 'a\u0007b'],
    ['two dot segments', '..'],
  ])('asks nothing for an id the app asks nothing for (%s)', async (_what, id) => {
    window.history.replaceState(null, '', `/?doc=${encodeURIComponent(id)}`);
    const fetch = jest.spyOn(window, 'fetch');
    bootScript();
    const doc = readDocId(id);
    if (doc.kind === 'id') {
      // Refused by the client without a request (a 404 of its own).
      await expect(createFacilityClient('/api/').getDocument(doc.id)).rejects.toThrow('404');
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(globals.folioEarlyAnswer).toBeUndefined();
  });
});

describe('the boot sends the token and credentials the app will', () => {
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJkb2MiOiJhLnBkZiJ9.c2ln-_';
  it.each([
    [`/?doc=a.pdf&token=query.x.y#token=${JWT}`, JWT],
    [`/?doc=a.pdf&token=${JWT}#page=2`, JWT],
    ['/?doc=a.pdf#token=a%20b', undefined],
    ['/?doc=a.pdf#page=2', undefined],
  ])('%s', (url, expected) => {
    window.history.replaceState(null, '', url);
    const fetch = jest
      .spyOn(window, 'fetch')
      .mockImplementation(() => Promise.resolve(answer(DOC)));
    bootScript();
    const init = fetch.mock.calls[0]?.[1];
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const app = readUrlToken(window.location.search, window.location.hash).token;
    expect(app).toBe(expected);
    expect(headers.Authorization).toBe(expected === undefined ? undefined : `Bearer ${expected}`);
    expect(init?.credentials).toBe('same-origin');
  });

  it.each([['include'], ['everything']])('previewCredentials %s', (value) => {
    window.history.replaceState(null, '', '/?doc=a.pdf');
    globals.previewCredentials = value;
    const fetch = jest
      .spyOn(window, 'fetch')
      .mockImplementation(() => Promise.resolve(answer(DOC)));
    bootScript();
    expect(fetch.mock.calls[0]?.[1]?.credentials).toBe(facilityCredentials());
    expect(facilityCredentials()).toBe(value === 'everything' ? 'same-origin' : value);
  });
});

describe("the boot asks for page 1's preview the app will", () => {
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJkb2MiOiJhLnBkZiJ9.c2ln-_';
  const previews = {
    url: 'documents/a%20b.pdf/previews/h1/{page}-{width}.webp',
    pages: 3,
    widths: [1920, 240, 480, 960, 1440],
  };
  const WITH_PREVIEWS = { ...DOC, pageSize: [{ width: 612, height: 792 }], previews };
  const screens: [string, { narrow: boolean; width: number; ratio: number }][] = [
    ['a desktop', { narrow: false, width: 1280, ratio: 1 }],
    ['a 2× desktop', { narrow: false, width: 1440, ratio: 2 }],
    ['a 390 px phone at 3×', { narrow: true, width: 390, ratio: 3 }],
    ['a 360 px phone at 2×', { narrow: true, width: 360, ratio: 2 }],
  ];

  function screen({ narrow, width, ratio }: { narrow: boolean; width: number; ratio: number }) {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    Object.defineProperty(window, 'devicePixelRatio', { value: ratio, configurable: true });
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: narrow && query === '(max-width: 768px)' }),
    });
  }

  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
    Object.defineProperty(window, 'devicePixelRatio', { value: 1, configurable: true });
    Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true });
  });

  it.each(screens)('%s', async (_name, shown) => {
    screen(shown);
    window.history.replaceState(null, '', `/viewer/?doc=a%20b.pdf#token=${JWT}`);
    globals.routerBase = '/viewer/';
    const image = new Response(new Blob(['webp']), { headers: { 'content-type': 'image/webp' } });
    const fetch = jest
      .spyOn(window, 'fetch')
      .mockImplementationOnce(() => Promise.resolve(answer(WITH_PREVIEWS)))
      .mockImplementationOnce(() => Promise.resolve(image));
    bootScript();
    await (globals.folioEarlyPreview as { preview: Promise<unknown> }).preview;
    expect(fetch).toHaveBeenCalledTimes(2);
    const [asked, init] = fetch.mock.calls[1] ?? [];
    const base = new URL(readSettings().previewApi, window.location.href);
    const doc = normalizeDocument(WITH_PREVIEWS, { id: 'a b.pdf', base });
    const app = firstPagePreview(doc.previews, doc.pageSize[0], { zoom: 1, zoomChosen: false });
    expect(asked).toBe(app);
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${JWT}`);
    // Taken over by the app's request for it, once; the image is not asked for again.
    const taken = await takeEarlyPreview(app ?? '');
    await expect(taken?.response).resolves.toBe(image);
    await expect(takeEarlyPreview(app ?? '')).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a link to another page', '/?doc=a.pdf#page=3', WITH_PREVIEWS],
    ['a link with its own zoom', '/?doc=a.pdf#zoom=150', WITH_PREVIEWS],
    [
      'an answer without previews',
      '/?doc=a.pdf',
      { ...DOC, pageSize: [{ width: 612, height: 792 }] },
    ],
    ['previews without page sizes', '/?doc=a.pdf', { ...DOC, previews }],
  ])('asks for none on %s', async (_name, url, body) => {
    window.history.replaceState(null, '', url);
    const fetch = jest
      .spyOn(window, 'fetch')
      .mockImplementation(() => Promise.resolve(answer(body)));
    bootScript();
    await expect(
      (globals.folioEarlyPreview as { preview: Promise<unknown> }).preview,
    ).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  describe('near the server, a preview it has still to draw is not asked for', () => {
    /** The page's own navigation, as Resource Timing gives it: came in within `ms`. */
    function pageCameIn(ms: number) {
      // jsdom's performance has no Resource Timing.
      Object.defineProperty(performance, 'getEntriesByType', {
        configurable: true,
        value: (type: string) =>
          type === 'navigation' ? [{ requestStart: 5, responseEnd: 5 + ms }] : [],
      });
    }

    afterEach(() => {
      Reflect.deleteProperty(performance, 'getEntriesByType');
    });

    async function boot(body: unknown) {
      window.history.replaceState(null, '', '/?doc=a.pdf');
      const image = new Response(new Blob(['webp']));
      const fetch = jest
        .spyOn(window, 'fetch')
        .mockImplementationOnce(() => Promise.resolve(answer(body)))
        .mockImplementationOnce(() => Promise.resolve(image));
      bootScript();
      const asked = await (globals.folioEarlyPreview as { preview: Promise<unknown> }).preview;
      return { asked, fetches: fetch.mock.calls.length };
    }

    // A 1024 px desktop at 1×: page 1 is laid out 816 px wide, so the 960 px image is the one.
    it('near and not drawn at the width the first layout needs: none, and the app shows none', async () => {
      pageCameIn(20);
      const { asked, fetches } = await boot({
        ...WITH_PREVIEWS,
        previews: { ...previews, drawn: [240, 1920] },
      });
      expect(asked).toBeUndefined();
      expect(fetches).toBe(1);
      await expect(takePreviewsDeclined()).resolves.toBe(true);
      // Once only: a document opened later is not this one.
      await expect(takePreviewsDeclined()).resolves.toBe(false);
    });

    it.each([
      ['drawn at that width', 20, [960]],
      ['far (the page took 80 ms)', 80, []],
      ['a facility that does not say what is drawn', 20, undefined],
    ])('asked for as before when %s', async (_name, ms, drawn) => {
      pageCameIn(ms);
      const { asked, fetches } = await boot({ ...WITH_PREVIEWS, previews: { ...previews, drawn } });
      expect(asked).toMatchObject({ url: expect.stringMatching(/\/1-960\.webp$/) as unknown });
      expect(fetches).toBe(2);
      await expect(takePreviewsDeclined()).resolves.toBe(false);
    });
  });

  it('the app asking for another image cancels the early one', async () => {
    window.history.replaceState(null, '', '/?doc=a.pdf');
    const abort = jest.fn();
    const response = Promise.resolve(new Response('x'));
    globals.folioEarlyPreview = {
      preview: Promise.resolve({ url: 'https://f.test/1', response }),
      abort,
    };
    await expect(takeEarlyPreview('https://f.test/2')).resolves.toBeUndefined();
    expect(abort).toHaveBeenCalledTimes(1);
  });
});

describe("page 1's preview as the first frame decoded it: one object URL, so one decode", () => {
  const URL_1 = 'https://f.test/1-960.webp';
  let revoke: jest.Mock;

  beforeEach(() => {
    // jsdom has no object URLs.
    revoke = jest.fn();
    Object.defineProperty(URL, 'revokeObjectURL', { value: revoke, configurable: true });
    window.folioFirstFrameReplaced = undefined;
  });

  function early(url: string, response: Promise<Response> = Promise.resolve(new Response('x'))) {
    const abort = jest.fn();
    globals.folioEarlyPreview = { preview: Promise.resolve({ url, response }), abort };
    return abort;
  }

  it("the app takes the first frame's object URL for the same image and reads nothing again", async () => {
    const fetch = jest.spyOn(window, 'fetch');
    const body = jest.fn(() => Promise.resolve(new Blob()));
    early(URL_1, Promise.resolve({ ok: true, blob: body } as unknown as Response));
    offerDecodedPreview(URL_1, 'blob:first-frame');
    await expect(fetchPreviewImage(URL_1)).resolves.toBe('blob:first-frame');
    expect(body).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    // The app owns it now: the first frame going does not release it.
    replaceFirstFrame();
    expect(revoke).not.toHaveBeenCalled();
  });

  it("another image: the first frame's is released and the early request cancelled", async () => {
    const abort = early(URL_1);
    offerDecodedPreview(URL_1, 'blob:first-frame');
    await expect(takeEarlyPreview('https://f.test/1-480.webp')).resolves.toBeUndefined();
    expect(abort).toHaveBeenCalledTimes(1);
    expect(revoke).toHaveBeenCalledWith('blob:first-frame');
  });

  it('not decoded yet when the app asks: the app reads the response itself', async () => {
    const response = Promise.resolve(new Response('x'));
    early(URL_1, response);
    const taken = await takeEarlyPreview(URL_1);
    expect(taken).toEqual({ response });
    // Offered too late, it goes with the first frame.
    offerDecodedPreview(URL_1, 'blob:late');
    replaceFirstFrame();
    expect(revoke).toHaveBeenCalledWith('blob:late');
    dropDecodedPreview();
    expect(revoke).toHaveBeenCalledTimes(1);
  });
});
