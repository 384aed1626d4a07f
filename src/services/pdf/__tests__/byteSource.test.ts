/**
 * The byte source pdf.js reads a PDF through (docs/decisions/2026-11-25-range-first.md, range-first): head and tail asked for at
 * once, other ranges as pdf.js asks, the rest in one stream once page 1 shows. fetch is a fake
 * server over an in-memory file that honours Range as a facility does; pdf.js's transport base
 * class is a recorder.
 */
import {
  HeadFailure,
  openByteSource,
  parseContentRange,
  REST_AT_ONCE_MAX_BYTES,
} from '../byteSource';
import { HEAD_BYTES, NAMED_RANGES, RANGE_CHUNK, rangesToAsk, TAIL_BYTES } from '../firstRanges';
import { normalizeDocument } from '../../facilityDocument';
import { bootScript, bootScriptWith } from '../../../test/bootScript';

/** The tests' unit of a file: four of pdf.js's chunks, half the head, the whole tail. */
const UNIT = 4 * RANGE_CHUNK;

jest.mock('../pdfjsDisplay', () => ({
  pdfjs: {
    PDFDataRangeTransport: class {
      length: number;
      ranges: [number, Uint8Array][] = [];
      progressive: Uint8Array[] = [];
      done = false;
      constructor(length: number) {
        this.length = length;
      }
      onDataRange(begin: number, chunk: Uint8Array) {
        this.ranges.push([begin, chunk]);
      }
      onDataProgressiveRead(chunk: Uint8Array) {
        this.progressive.push(chunk.slice());
      }
      onDataProgressiveDone() {
        this.done = true;
      }
    },
  },
}));

interface Recorder {
  length: number;
  ranges: [number, Uint8Array][];
  progressive: Uint8Array[];
  done: boolean;
  requestDataRange: (begin: number, end: number) => void;
}

const URL_A = 'http://localhost/api/documents/a%20b%23%25%E4%B8%AD.pdf/content';

function file(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 8)) % 251;
  return bytes;
}

/** A body in 10 kB pieces, as a network delivers it. */
function body(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + 10_000));
      at += 10_000;
    },
  });
}

let served: string[];

/** A server of `content` at URL_A: ranges as a facility answers them, or none at all. */
function serve(content: Uint8Array, { ranges = true, status = 200 } = {}) {
  served = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const range = new Headers(init?.headers).get('Range') ?? '';
    served.push(range);
    expect(input).toBe(URL_A);
    if (status !== 200) return Promise.resolve(new Response('no', { status }));
    const total = content.byteLength;
    const match = /^bytes=(\d*)-(\d*)$/.exec(range);
    if (!ranges || !match) return Promise.resolve(new Response(body(content), { status: 200 }));
    const [, first, last] = match;
    expect(first).not.toBe('');
    const begin = Number(first);
    const end = last === '' ? total - 1 : Math.min(Number(last), total - 1);
    return Promise.resolve(
      new Response(body(content.slice(begin, end + 1)), {
        status: 206,
        headers: { 'Content-Range': `bytes ${String(begin)}-${String(end)}/${String(total)}` },
      }),
    );
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function joined(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

// jsdom keeps no Resource Timing: no entry, an unknown rate, unless a test gives one.
const entries = jest.fn((): PerformanceEntryList => []);
beforeAll(() => {
  Object.defineProperty(performance, 'getEntriesByName', { value: entries, configurable: true });
});

afterEach(() => {
  jest.restoreAllMocks();
  entries.mockReset().mockReturnValue([]);
});

/** Resource Timing says the head's body took `ms`. */
function headCameIn(ms: number): void {
  entries.mockReturnValue([
    { responseStart: 10, responseEnd: 10 + ms, encodedBodySize: HEAD_BYTES },
  ] as unknown as PerformanceEntryList);
}

describe('byteSource', () => {
  const SIZE = 20 * UNIT + 1234;
  const content = file(SIZE);

  it('asks for the head, then for the tail by offsets once the head gave the length', async () => {
    serve(content);
    const source = openByteSource(URL_A);
    expect(served).toEqual([`bytes=0-${String(HEAD_BYTES - 1)}`]);
    const transport = (await source.ready) as unknown as Recorder;
    expect(transport.length).toBe(SIZE);
    // Not `bytes=-65536`: no CORS-safelisted range, and 416 from `send` on a shorter file.
    expect(served[1]).toBe(`bytes=${String(SIZE - TAIL_BYTES)}-${String(SIZE - 1)}`);
    await settle();
    expect(joined(transport.progressive)).toEqual(content.slice(0, HEAD_BYTES));
    expect(transport.done).toBe(false);
    source.abort();
  });

  it('answers the last chunk from the tail and a middle range with a request of its own', async () => {
    serve(content);
    const source = openByteSource(URL_A);
    const transport = (await source.ready) as unknown as Recorder;
    const last = 20 * UNIT;
    transport.requestDataRange(last, SIZE);
    transport.requestDataRange(UNIT, 2 * UNIT);
    transport.requestDataRange(5 * UNIT, 7 * UNIT);
    await settle();
    expect(served).toHaveLength(3);
    expect(served[2]).toBe(`bytes=${String(5 * UNIT)}-${String(7 * UNIT - 1)}`);
    const answers = new Map(transport.ranges);
    expect(answers.get(last)).toEqual(content.slice(last, SIZE));
    expect(answers.get(UNIT)).toEqual(content.slice(UNIT, 2 * UNIT));
    expect(answers.get(5 * UNIT)).toEqual(content.slice(5 * UNIT, 7 * UNIT));
    source.abort();
  });

  it('streams the rest in one request once asked, after the head, and only once', async () => {
    serve(content);
    const source = openByteSource(URL_A);
    const transport = (await source.ready) as unknown as Recorder;
    source.loadRest();
    source.loadRest();
    await settle();
    expect(served.slice(2)).toEqual([`bytes=${String(HEAD_BYTES)}-${String(SIZE - 1)}`]);
    expect(joined(transport.progressive)).toEqual(content);
    expect(transport.done).toBe(true);
  });

  it('streams the rest at once when the head came fast enough for it to take ≤ 150 ms', async () => {
    serve(content);
    // 1.3 MB in 150 ms needs ≥ 71 Mbit/s; the head's 128 kB in 1 ms is 1 Gbit/s.
    headCameIn(1);
    const source = openByteSource(URL_A);
    const transport = (await source.ready) as unknown as Recorder;
    await settle();
    expect(served).toContain(`bytes=${String(HEAD_BYTES)}-${String(SIZE - 1)}`);
    expect(transport.done).toBe(true);
  });

  it('waits for page 1 on a slow link: 128 kB in 100 ms is 10 Mbit/s', async () => {
    serve(content);
    headCameIn(100);
    const source = openByteSource(URL_A);
    await source.ready;
    await settle();
    expect(served).toHaveLength(2);
    source.abort();
  });

  it('waits for page 1 when the rest is over REST_AT_ONCE_MAX_BYTES, however fast the head came', async () => {
    const large = file(HEAD_BYTES + REST_AT_ONCE_MAX_BYTES + UNIT);
    serve(large);
    // Within one tick of the clock: the rate reads as infinite.
    headCameIn(0);
    const source = openByteSource(URL_A);
    await source.ready;
    await settle();
    expect(served).toEqual([
      `bytes=0-${String(HEAD_BYTES - 1)}`,
      `bytes=${String(large.length - TAIL_BYTES)}-${String(large.length - 1)}`,
    ]);
    source.loadRest();
    await settle();
    expect(served[2]).toBe(`bytes=${String(HEAD_BYTES)}-${String(large.length - 1)}`);
  });

  it('streams a rest of exactly REST_AT_ONCE_MAX_BYTES at once on a link that fast', async () => {
    const limit = file(HEAD_BYTES + REST_AT_ONCE_MAX_BYTES);
    serve(limit);
    headCameIn(0);
    const source = openByteSource(URL_A);
    const transport = (await source.ready) as unknown as Recorder;
    await settle();
    expect(served).toContain(`bytes=${String(HEAD_BYTES)}-${String(limit.length - 1)}`);
    expect(transport.done).toBe(true);
  });

  it('asks for the ranges named for page 1 once the head gave the length, less the head and tail, and answers pdf.js from them', async () => {
    serve(content);
    const source = openByteSource(URL_A);
    const named = [
      [0, UNIT - 1],
      [12 * UNIT, SIZE - 1],
    ] as const;
    source.nameRanges(named);
    const transport = (await source.ready) as unknown as Recorder;
    await settle();
    const inBetween = `bytes=${String(12 * UNIT)}-${String(SIZE - TAIL_BYTES - 1)}`;
    expect(served.slice(2)).toEqual([inBetween]);
    // Named again (the answer came twice): nothing asked twice.
    source.nameRanges(named);
    transport.requestDataRange(19 * UNIT, 20 * UNIT);
    await settle();
    expect(served.slice(2)).toEqual([inBetween]);
    expect(transport.ranges).toEqual([[19 * UNIT, content.slice(19 * UNIT, 20 * UNIT)]]);
    source.abort();
  });

  it('a file no longer than the head is done with the head', async () => {
    const small = file(5000);
    serve(small);
    const source = openByteSource(URL_A);
    const transport = (await source.ready) as unknown as Recorder;
    await settle();
    expect(transport.length).toBe(5000);
    expect(joined(transport.progressive)).toEqual(small);
    expect(transport.done).toBe(true);
    expect(served).toHaveLength(1);
  });

  it('leaves a server without ranges to pdf.js (ready is undefined)', async () => {
    serve(content, { ranges: false });
    await expect(openByteSource(URL_A).ready).resolves.toBeUndefined();
  });

  it('says what the server answered when it refused the file, and when it could not be reached', async () => {
    serve(content, { status: 409 });
    const refused = openByteSource(URL_A).ready;
    await expect(refused).rejects.toBeInstanceOf(HeadFailure);
    await expect(refused).rejects.toMatchObject({ status: 409 });
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(openByteSource(URL_A).ready).rejects.toMatchObject({ status: undefined });
  });

  it('asks again for a range that failed', async () => {
    serve(content);
    const source = openByteSource(URL_A);
    const transport = (await source.ready) as unknown as Recorder;
    const real = jest.mocked(fetch).getMockImplementation();
    jest
      .mocked(fetch)
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
      .mockImplementation(real);
    transport.requestDataRange(8 * UNIT, 9 * UNIT);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(new Map(transport.ranges).get(8 * UNIT)).toEqual(content.slice(8 * UNIT, 9 * UNIT));
    source.abort();
  });
});

describe('parseContentRange', () => {
  it('reads the first byte and the length', () => {
    expect(parseContentRange('bytes 0-131071/19353464')).toEqual({ begin: 0, total: 19353464 });
    expect(parseContentRange('bytes */100')).toBeNull();
    expect(parseContentRange(null)).toBeNull();
  });
});

describe('the boot asks for the head and tail byteSource would; byteSource takes them over', () => {
  const SIZE = 20 * UNIT + 1234;
  const content = file(SIZE);
  const ANSWER_URL = 'http://localhost/api/documents/a%20b%23%25%E4%B8%AD.pdf';
  const READY = {
    title: 'T',
    pageCount: 2,
    loadedCount: 2,
    fileUrl: 'documents/a%20b%23%25%E4%B8%AD.pdf/content',
  };
  const holder = window as { folioEarlyAnswer?: unknown; folioEarlyPreview?: unknown };

  /** The facility: `answer` for the document, page 1's preview when asked, the file's ranges. */
  function facility(answer: object, image?: Promise<Response>, { ranges = true } = {}) {
    const byRange = jest.spyOn(globalThis, 'fetch');
    serve(content, { ranges });
    const file = byRange.getMockImplementation();
    byRange.mockImplementation((input, init) => {
      if (input === ANSWER_URL) return Promise.resolve(Response.json(answer));
      if (typeof input === 'string' && input.includes('/previews/') && image) return image;
      return file?.(input, init) ?? Promise.reject(new Error('no server'));
    });
    return byRange;
  }

  beforeEach(() => {
    window.history.replaceState(null, '', '/?doc=a%20b%23%25%E4%B8%AD.pdf');
    // Every source opened above has taken (and so closed) the boot's turn.
    delete (window as { folioEarlyContent?: unknown }).folioEarlyContent;
  });
  afterEach(() => {
    delete holder.folioEarlyAnswer;
    delete holder.folioEarlyPreview;
    delete (window as { folioEarlyContent?: unknown }).folioEarlyContent;
    document.head.querySelectorAll('link[rel=preload]').forEach((link) => {
      link.remove();
    });
  });

  it('asks for both once the answer names the finished file; the source takes them over', async () => {
    facility(READY);
    bootScript();
    await settle();
    const head = `bytes=0-${String(HEAD_BYTES - 1)}`;
    const tail = `bytes=${String(SIZE - TAIL_BYTES)}-${String(SIZE - 1)}`;
    expect(served).toEqual([head, tail]);
    const source = openByteSource(URL_A);
    const transport = (await source.ready) as unknown as Recorder;
    transport.requestDataRange(20 * UNIT, SIZE);
    await settle();
    // Nothing asked a second time.
    expect(served).toEqual([head, tail]);
    expect(joined(transport.progressive)).toEqual(content.slice(0, HEAD_BYTES));
    expect(transport.ranges).toEqual([[20 * UNIT, content.slice(20 * UNIT)]]);
    source.abort();
  });

  it("asks for page 1's other ranges the answer names with the tail; pdf.js's asks inside them go nowhere", async () => {
    const tailFrom = SIZE - TAIL_BYTES;
    // The first lies in the head; the second runs into the tail: only the rest is asked for.
    facility({
      ...READY,
      firstPageRanges: [
        [0, UNIT - 1],
        [12 * UNIT, SIZE - 1],
      ],
    });
    bootScript();
    await settle();
    const head = `bytes=0-${String(HEAD_BYTES - 1)}`;
    const tail = `bytes=${String(tailFrom)}-${String(SIZE - 1)}`;
    const named = `bytes=${String(12 * UNIT)}-${String(tailFrom - 1)}`;
    expect(served).toEqual([head, tail, named]);
    const source = openByteSource(URL_A);
    const transport = (await source.ready) as unknown as Recorder;
    // Inside the named range, then a chunk half in it and half in the tail.
    transport.requestDataRange(18 * UNIT, 19 * UNIT);
    transport.requestDataRange(19 * UNIT, 20 * UNIT);
    await settle();
    expect(served).toEqual([head, tail, named]);
    expect(transport.ranges).toEqual([
      [18 * UNIT, content.slice(18 * UNIT, 19 * UNIT)],
      [19 * UNIT, content.slice(19 * UNIT, 20 * UNIT)],
    ]);
    // Outside them all: asked for.
    transport.requestDataRange(5 * UNIT, 6 * UNIT);
    await settle();
    expect(served.at(-1)).toBe(`bytes=${String(5 * UNIT)}-${String(6 * UNIT - 1)}`);
    expect(transport.ranges[2]).toEqual([5 * UNIT, content.slice(5 * UNIT, 6 * UNIT)]);
    source.abort();
  });

  it('asks for none of the named ranges that are malformed, past the file or over the budget, nor past NAMED_RANGES: what byteSource would', async () => {
    const C = UNIT;
    const wellFormed = [3 * C, 3 * C + 9];
    const named = [
      'x',
      [-1, 5 * C],
      [String(4 * C), 5 * C],
      [6 * C, 5 * C],
      [7 * C, SIZE],
      [7 * C + 0.5, 8 * C],
      // All of the file between the head and the tail, asked for; then again, over what is left
      // of NAMED_BYTES.
      [HEAD_BYTES, SIZE - 1],
      [HEAD_BYTES, SIZE - 1],
      wellFormed,
      ...Array.from({ length: NAMED_RANGES - 9 }, () => [9 * C, 9 * C + 1]),
      // One past NAMED_RANGES: not looked at.
      [10 * C, 10 * C + 1],
    ];
    facility({ ...READY, firstPageRanges: named });
    bootScript();
    await settle();
    const asked = served.slice(2).sort();
    expect(asked).toEqual(
      [
        `bytes=${String(HEAD_BYTES)}-${String(SIZE - TAIL_BYTES - 1)}`,
        `bytes=${String(wellFormed[0])}-${String(wellFormed[1])}`,
      ]
        .concat(
          Array.from(
            { length: NAMED_RANGES - 9 },
            () => `bytes=${String(9 * C)}-${String(9 * C + 1)}`,
          ),
        )
        .sort(),
    );
    // The app's reading of the same answer asks for the same, so nothing again once it takes over.
    const { firstPageRanges } = normalizeDocument(
      { ...READY, firstPageRanges: named },
      { id: 'a', base: new URL('http://localhost/api/') },
    );
    const toAsk = rangesToAsk(firstPageRanges, SIZE).map(
      ({ begin, end }) => `bytes=${String(begin)}-${String(end - 1)}`,
    );
    expect(toAsk.sort()).toEqual(asked);
    const source = openByteSource(URL_A);
    source.nameRanges(firstPageRanges);
    await source.ready;
    await settle();
    expect(served.slice(2).sort()).toEqual(asked);
    source.abort();
  });

  it('asks for no named range when the head is no range of the file', async () => {
    facility({ ...READY, firstPageRanges: [[3 * UNIT, 4 * UNIT]] }, undefined, {
      ranges: false,
    });
    bootScript();
    await settle();
    expect(served).toEqual([`bytes=0-${String(HEAD_BYTES - 1)}`]);
  });

  it.each([
    ['a conversion still running', { ...READY, loadedCount: 1 }],
    ['no file URL', { ...READY, fileUrl: undefined }],
    ['a file URL that is not http(s)', { ...READY, fileUrl: 'javascript:alert(1)' }],
    // A view other than pages has no PDF to read first: a sheet names one for printing only.
    ['a sheet', { ...READY, view: 'sheet', pageCount: 0, loadedCount: undefined }],
    ['a listing', { ...READY, view: 'listing', pageCount: 0 }],
    ['media', { ...READY, view: 'media', pageCount: 0 }],
  ])('asks for nothing on %s', async (_name, answer) => {
    facility(answer);
    bootScript();
    await settle();
    expect(served).toEqual([]);
  });

  describe("after page 1's preview", () => {
    const answer = {
      ...READY,
      pageSize: [{ width: 612, height: 792 }],
      previews: { url: 'documents/a/previews/h/{page}-{width}.webp', pages: 1, widths: [960] },
    };
    const preloaded = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].map((link) => [
        link.getAttribute('href'),
        link.as,
      ]);

    /** The boot, with the image held until shown and the file's ranges never answered. */
    function held(files: { scripts?: string[] } = {}) {
      let image: (response: Response) => void = () => undefined;
      const fetch = facility(
        answer,
        new Promise<Response>((resolve) => {
          image = resolve;
        }),
      );
      const serve = fetch.getMockImplementation();
      const asked: string[] = [];
      fetch.mockImplementation((input, init) => {
        const range = new Headers(init?.headers).get('Range');
        if (range === null) return serve?.(input, init) ?? Promise.reject(new Error('no server'));
        asked.push(range);
        return new Promise<Response>(() => undefined);
      });
      bootScriptWith(files)();
      return {
        asked,
        showImage: () => {
          image(new Response(new Blob(['webp']), { headers: { 'content-type': 'image/webp' } }));
        },
        /** The image's answer begins; its body ends when the returned function is called. */
        startImage: () => {
          let end: () => void = () => undefined;
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('we'));
              end = () => {
                controller.enqueue(new TextEncoder().encode('bp'));
                controller.close();
              };
            },
          });
          image(new Response(body, { headers: { 'content-type': 'image/webp' } }));
          return () => {
            end();
          };
        },
      };
    }

    it('asks for the PDF without waiting for a preview the server is still drawing: no answer 50 ms after the scripts are in', async () => {
      const { asked, showImage } = held({ scripts: ['main.1.js'] });
      const appScripts = () => document.head.querySelectorAll('script[src="/main.1.js"]').length;
      await settle();
      const scriptIn = document.head.querySelector('link[rel=preload][href="/main.1.js"]');
      expect(scriptIn).not.toBeNull();
      scriptIn?.dispatchEvent(new Event('load'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(asked).toEqual([]);
      expect(appScripts()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 60));
      await settle();
      expect(asked).toEqual([`bytes=0-${String(HEAD_BYTES - 1)}`]);
      expect(appScripts()).toBe(1);
      // The image, once drawn, asks for nothing again.
      showImage();
      await settle();
      expect(asked).toHaveLength(1);
      document.head.querySelectorAll('script[src="/main.1.js"]').forEach((script) => {
        script.remove();
      });
    });

    it('waits for a preview whose answer has begun when the scripts are in, until it is whole', async () => {
      const { asked, startImage } = held({ scripts: ['main.1.js'] });
      await settle();
      const endImage = startImage();
      await settle();
      document.head
        .querySelector('link[rel=preload][href="/main.1.js"]')
        ?.dispatchEvent(new Event('load'));
      await new Promise((resolve) => setTimeout(resolve, 80));
      await settle();
      expect(asked).toEqual([]);
      endImage();
      await settle();
      expect(asked).toEqual([`bytes=0-${String(HEAD_BYTES - 1)}`]);
    });

    it.each([
      ['a desktop', false],
      ['a phone', true],
    ])(
      'on %s: the PDF once the image is whole, and no other file (the bars are the page chunk)',
      async (_, phone) => {
        Object.defineProperty(window, 'matchMedia', {
          configurable: true,
          value: (query: string) => ({ matches: phone && query === '(max-width: 768px)' }),
        });
        try {
          const { asked, showImage } = held();
          await settle();
          expect(asked).toEqual([]);
          expect(preloaded()).toEqual([]);
          showImage();
          await settle();
          expect(asked).toEqual([`bytes=0-${String(HEAD_BYTES - 1)}`]);
          expect(preloaded()).toEqual([]);
        } finally {
          Reflect.deleteProperty(window, 'matchMedia');
        }
      },
    );
  });

  it('asks for nothing once the source has asked itself', async () => {
    facility(READY);
    const source = openByteSource(URL_A);
    bootScript();
    await source.ready;
    await settle();
    expect(served).toEqual([
      `bytes=0-${String(HEAD_BYTES - 1)}`,
      `bytes=${String(SIZE - TAIL_BYTES)}-${String(SIZE - 1)}`,
    ]);
    source.abort();
  });

  it('cancels them when the source is for another file, and asks its own', async () => {
    facility(READY);
    bootScript();
    await settle();
    const early = (window as { folioEarlyContent?: { abort: () => void } }).folioEarlyContent;
    const abort = jest.spyOn(early as { abort: () => void }, 'abort');
    jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('offline')));
    const source = openByteSource('http://localhost/api/documents/other.pdf/content');
    await expect(source.ready).rejects.toBeInstanceOf(HeadFailure);
    expect(abort).toHaveBeenCalledTimes(1);
  });

  it('asks for its own head when the early one is no range of the file', async () => {
    facility(READY);
    (window as { folioEarlyContent?: unknown }).folioEarlyContent = {
      url: URL_A,
      head: Promise.resolve(new Response('converting', { status: 409 })),
      tail: Promise.resolve(undefined),
      abort: jest.fn(),
    };
    const source = openByteSource(URL_A);
    const transport = (await source.ready) as unknown as Recorder;
    expect(transport.length).toBe(SIZE);
    expect(served[0]).toBe(`bytes=0-${String(HEAD_BYTES - 1)}`);
    source.abort();
  });
});
