/**
 * Where pdf.js gets a PDF's bytes (docs/decisions/2026-11-25-range-first.md, range-first; docs/decisions/2026-11-25-byte-source.md).
 * pdf.js's own loader pays a round trip per step before page 1 (a whole-file probe it cancels,
 * the header, the xref at the end, the page's objects, its image) and, once idle, fetches the
 * rest 64 kB at a time, a round trip each. This source asks for the file's head (page 1 of a file
 * written in page order) and, as soon as the head's answer gives the length, for its tail, where a
 * file not linearized keeps its xref, while the head's body is still coming, and the other
 * ranges the facility names for page 1 (docs/decisions/2026-11-26-first-page-ranges.md). It
 * answers pdf.js's ranges from those or as asked; and once page 1 shows (`loadRest`) it streams
 * the rest in one request. A server that does not answer ranges gets pdf.js's own loader
 * (`ready` resolves undefined).
 */
import type { ByteRange } from '../../domain/document';
import { takeEarlyContent } from '../earlyAnswer';
import { facilityInit } from '../facilityAuth';
import { HEAD_BYTES, rangesToAsk, tailFrom } from './firstRanges';
import { pdfjs } from './pdfjsDisplay';

/** A range that failed is asked again this many times, waiting twice as long each time. */
const RANGE_TRIES = 3;
const RETRY_MS = 300;
/**
 * When the rest would come this fast (ms, at the rate the head's body came), it streams at once,
 * as pdf.js's own viewer does, and page 1's ranges are answered by whichever comes first: on a
 * fast link round trips are the cost, not bytes. Longer, and it would share the link and the
 * main thread with page 1, so it waits for page 1 to show.
 */
const REST_AT_ONCE_MS = 150;
/**
 * Nor a rest longer than this, however fast the link: each megabyte handed to pdf.js costs the
 * main thread and the worker ≈ 20 ms before page 1, which no link saves, and a 128 kB head timed
 * on loopback can read as any rate up to infinite (docs/decisions/2026-11-25-byte-source.md).
 */
export const REST_AT_ONCE_MAX_BYTES = 4 * 1024 * 1024;

export interface ByteSource {
  /** The transport pdf.js reads through, once the head's answer says the server takes ranges. */
  ready: Promise<InstanceType<typeof pdfjs.PDFDataRangeTransport> | undefined>;
  /**
   * The facility named the ranges page 1 needs: those not asked for yet are asked for now, so
   * pdf.js finds them here instead of a round trip at a time.
   */
  nameRanges: (named: readonly ByteRange[]) => void;
  /** Streams what the head did not bring; later calls do nothing. */
  loadRest: () => void;
  abort: () => void;
}

interface Part {
  begin: number;
  bytes: Uint8Array;
}

/** The head could not be had: `status` when the server answered one, else the network failed. */
export class HeadFailure extends Error {
  readonly status: number | undefined;
  constructor(status?: number) {
    super(
      status === undefined
        ? 'The PDF could not be reached.'
        : `The PDF answered ${String(status)}.`,
    );
    this.name = 'HeadFailure';
    this.status = status;
  }
}

/** `bytes 0-131071/19353464` → { begin: 0, total: 19353464 }. */
export function parseContentRange(value: string | null): { begin: number; total: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  return { begin: Number(match[1]), total: Number(match[3]) };
}

/** A 206 of unencoded bytes, or null (pdf.js then loads the URL its own way). */
function rangeOf(response: Response): { begin: number; total: number } | null {
  const encoding = response.headers.get('Content-Encoding') ?? 'identity';
  if (response.status !== 206 || encoding !== 'identity') return null;
  return parseContentRange(response.headers.get('Content-Range'));
}

/**
 * Bits per second the first response from `url` came at (the head, this time or an earlier open's),
 * as the browser's network stack timed its body, not when this thread got round to reading it;
 * 0 when unknown (another origin without Timing-Allow-Origin, or no entry yet).
 */
function linkRate(url: string): number {
  const first = performance
    .getEntriesByName(new URL(url, document.baseURI).href, 'resource')
    .find((entry): entry is PerformanceResourceTiming => 'responseStart' in entry);
  if (!first || first.responseStart <= 0) return 0;
  const ms = first.responseEnd - first.responseStart;
  return ms > 0 ? (first.encodedBodySize * 8000) / ms : Infinity;
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

export function openByteSource(url: string): ByteSource {
  const controller = new AbortController();
  const { signal } = controller;
  const get = (range: string) => fetch(url, facilityInit({ headers: { Range: range }, signal }));

  const early = takeEarlyContent(url, signal);
  const ownHead = () => get(`bytes=0-${String(HEAD_BYTES - 1)}`);
  // The boot script's head, when it is one; anything else is asked again, as this source asks.
  const head = early
    ? early.head.then((response) => {
        if (rangeOf(response)?.begin === 0) return response;
        void response.body?.cancel().catch(() => undefined);
        return ownHead();
      })
    : ownHead();

  let transport: Transport | undefined;
  let headBytes: Promise<Part> | undefined;
  let restStarted = false;
  // What the head, the tail and the boot script's other ranges bring, as they come.
  let held: Promise<Held[]> = Promise.resolve([]);

  const ready = head.then(
    (response) => {
      const range = rangeOf(response);
      if (range?.begin !== 0) {
        controller.abort();
        if (!response.ok && response.status !== 416) throw new HeadFailure(response.status);
        // No ranges here (200), or an empty file (416): pdf.js asks the URL itself.
        return undefined;
      }
      const { total } = range;
      const made = new Transport(total, (begin, end) => answer(begin, end));
      transport = made;
      headBytes = feed(response, made, Math.min(HEAD_BYTES, total));
      const parts: Held[] = [{ begin: 0, end: Math.min(HEAD_BYTES, total), part: headBytes }];
      headBytes.then(
        () => {
          const rest = total - HEAD_BYTES;
          const fast = rest * 8 <= (linkRate(url) * REST_AT_ONCE_MS) / 1000;
          if (fast && rest <= REST_AT_ONCE_MAX_BYTES) loadRest();
        },
        () => undefined,
      );
      // By offsets, not as a suffix (`bytes=-65536`): that is no CORS-safelisted range, and
      // `send` (and so Folio's own server) answers 416 to one longer than the file.
      if (total > HEAD_BYTES) {
        const tailBegin = tailFrom(total);
        const range = `bytes=${String(tailBegin)}-${String(total - 1)}`;
        // The boot script's tail, asked for by the same rule; `answer` checks what it holds.
        parts.push(
          heldPart(
            tailBegin,
            total,
            early?.tail.then((response) => response ?? get(range)) ?? get(range),
          ),
        );
      }
      held = (early?.ranges ?? Promise.resolve([])).then((ranges) =>
        parts.concat(ranges.map(({ begin, end, response }) => heldPart(begin, end, response))),
      );
      return made;
    },
    (error: unknown) => {
      throw signal.aborted ? error : new HeadFailure();
    },
  );

  /**
   * A range pdf.js waits for: from what the head, the tail and the boot script's ranges bring
   * when together they cover it, else fetched.
   */
  async function answer(begin: number, end: number): Promise<Uint8Array> {
    // Only waits for them when they will hold it all.
    const covering = coveringOf(await held, begin, end);
    if (covering) {
      const parts = await Promise.all(covering.map(({ part }) => part.catch(() => undefined)));
      const bytes = joinedRange(parts, begin, end);
      if (bytes) return bytes;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const part = await readPart(get(`bytes=${String(begin)}-${String(end - 1)}`));
        if (!holds(part, begin, end)) throw new Error('Another range came back.');
        // Handed over as it came: pdf.js moves it to its worker.
        return part.begin === begin && part.bytes.byteLength === end - begin
          ? part.bytes
          : slice(part, begin, end);
      } catch (error) {
        if (signal.aborted || attempt === RANGE_TRIES) throw error;
        await wait(RETRY_MS * 2 ** (attempt - 1));
      }
    }
  }

  const nameRanges = (named: readonly ByteRange[]) => {
    void ready.then(
      (made) => {
        if (!made || signal.aborted) return;
        held = held.then((known) => {
          const more = rangesToAsk(named, made.length)
            // The boot script's, or an earlier naming's.
            .filter(({ begin, end }) => !coveringOf(known, begin, end))
            .map(({ begin, end }) =>
              heldPart(begin, end, get(`bytes=${String(begin)}-${String(end - 1)}`)),
            );
          return known.concat(more);
        });
      },
      () => undefined,
    );
  };

  const loadRest = () => {
    const made = transport;
    if (restStarted || !made || !headBytes) return;
    restStarted = true;
    const from = HEAD_BYTES;
    if (from >= made.length) return;
    // Progressive reads carry on from where the head's stopped, so the head goes first.
    void headBytes
      .then(() => get(`bytes=${String(from)}-${String(made.length - 1)}`))
      .then((response) => {
        if (rangeOf(response)?.begin !== from) throw new Error('The rest came back whole.');
        // Only the head is kept: pdf.js's worker has the rest.
        return feed(response, made);
      })
      // Nothing is lost: pdf.js asks for what it still needs as ranges.
      .catch(() => undefined);
  };

  return {
    ready,
    nameRanges,
    loadRest,
    abort: () => {
      controller.abort();
    },
  };
}

/**
 * Hands a response's body to pdf.js as it arrives, as the next bytes of the file; keeps a copy of
 * the first `keep` bytes (the head, for the ranges pdf.js asks for before they have all come).
 */
async function feed(response: Response, transport: Transport, keep = 0): Promise<Part> {
  const begin = parseContentRange(response.headers.get('Content-Range'))?.begin ?? 0;
  const kept = new Uint8Array(keep);
  let filled = 0;
  const reader = response.body?.getReader();
  if (!reader) throw new Error('A response without a body.');
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (filled < keep) kept.set(value.subarray(0, keep - filled), filled);
    filled += value.byteLength;
    transport.onDataProgressiveRead(value);
  }
  if (begin + filled >= transport.length) transport.onDataProgressiveDone();
  return { begin, bytes: kept.subarray(0, Math.min(filled, keep)) };
}

async function readPart(response: Promise<Response>): Promise<Part> {
  const answered = await response;
  const range = rangeOf(answered);
  if (!range) throw new Error(`Range answered ${String(answered.status)}.`);
  return { begin: range.begin, bytes: new Uint8Array(await answered.arrayBuffer()) };
}

function holds(part: Part, begin: number, end: number): boolean {
  return begin >= part.begin && end <= part.begin + part.bytes.byteLength;
}

/** A part of the file asked for (`end` exclusive), and its bytes once they come. */
interface Held {
  begin: number;
  end: number;
  part: Promise<Part>;
}

/** [begin, end) of the file, asked for as `response`; a failure only means pdf.js asks again. */
function heldPart(begin: number, end: number, response: Promise<Response>): Held {
  const part = readPart(response);
  part.catch(() => undefined);
  return { begin, end, part };
}

/** Those of `held` that together cover [begin, end), or undefined when they do not. */
function coveringOf(held: Held[], begin: number, end: number): Held[] | undefined {
  const used: Held[] = [];
  for (let at = begin; at < end;) {
    const next = held
      .filter((one) => one.begin <= at && one.end > at)
      .reduce<Held | undefined>(
        (best, one) => (best && best.end >= one.end ? best : one),
        undefined,
      );
    if (!next) return undefined;
    used.push(next);
    at = next.end;
  }
  return used;
}

/** [begin, end) from the parts that came, in a copy of its own; undefined when they miss some. */
function joinedRange(
  parts: (Part | undefined)[],
  begin: number,
  end: number,
): Uint8Array | undefined {
  const out = new Uint8Array(end - begin);
  for (let at = begin; at < end;) {
    const part = parts.find(
      (one) => one && one.begin <= at && at < one.begin + one.bytes.byteLength,
    );
    if (!part) return undefined;
    const to = Math.min(end, part.begin + part.bytes.byteLength);
    out.set(part.bytes.subarray(at - part.begin, to - part.begin), at - begin);
    at = to;
  }
  return out;
}

/** A copy: pdf.js moves what it is given to its worker, and the head and tail answer again. */
function slice(part: Part, begin: number, end: number): Uint8Array {
  return part.bytes.slice(begin - part.begin, end - part.begin);
}

class Transport extends pdfjs.PDFDataRangeTransport {
  readonly #answer: (begin: number, end: number) => Promise<Uint8Array>;
  #aborted = false;

  constructor(length: number, answer: (begin: number, end: number) => Promise<Uint8Array>) {
    super(length, null);
    this.#answer = answer;
  }

  override requestDataRange(begin: number, end: number): void {
    this.#answer(begin, end).then(
      (bytes) => {
        // pdf.js may have stopped waiting (the document closed, or the stream brought them).
        if (this.#aborted) return;
        try {
          this.onDataRange(begin, bytes);
        } catch {
          // No reader for it any more.
        }
      },
      () => undefined,
    );
  }

  override abort(): void {
    this.#aborted = true;
  }
}
