/**
 * A PDF at an HTTP origin opens before its copy is whole (docs/server.md, "Document sources"):
 * through `npm run serve`'s app, against a real origin the test starts whose whole-file answer is
 * slow, the metadata and page 1's ranges are answered from ranges of the origin while the copy
 * fills; once whole, the copy is served; a file changed during the fill leaves no copy behind;
 * an origin without ranges is copied whole first, as before.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PDFDocument, PDFName } from 'pdf-lib';
import { pageOneMissed } from '../../facts/__tests__/_page-one-missed.ts';
import type { ByteRange } from '../../facts/pdf-facts-types.ts';
import { startServe } from '../../../server/__tests__/_serve.ts';
import type { Served } from '../../../server/__tests__/_serve.ts';
import { createHttpSource } from '../http-source.ts';
import { startRangeOrigin } from './_range-origin.ts';
import type { RangeOrigin } from './_range-origin.ts';

jest.setTimeout(60_000);

/** Pages each followed by a stream of filler bytes nobody draws, as a scan's images would be. */
async function bulkyPdf(pages: number, fillerBytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let n = 1; n <= pages; n += 1) {
    const page = doc.addPage([300, 400]);
    page.drawText(`page ${String(n)}`, { x: 20, y: 360 });
    page.node.set(
      PDFName.of('FolioFiller'),
      doc.context.register(doc.context.stream(randomBytes(fillerBytes))),
    );
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

let origin: RangeOrigin;
let served: Served;
const lines: string[] = [];
let pdf: Buffer;

beforeAll(async () => {
  origin = await startRangeOrigin();
  // 20 pages of 100 kB: 2 MB, whose whole answer takes 5 s at 400 kB/s.
  pdf = await bulkyPdf(20, 100_000);
  origin.wholeRate = 400_000;
  served = await startServe({
    options: {
      source: createHttpSource({ template: `${origin.url}/files/{+id}` }),
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString());
            done();
          },
        }),
      },
    },
  });
});

afterAll(async () => {
  await served.close();
  await origin.close();
});

beforeEach(() => {
  origin.ranges = true;
  origin.failRanges = false;
  origin.sent.ranges = 0;
  origin.sent.whole = 0;
  origin.wholeDone = 0;
});

const url = (id: string, rest = '') => `${served.api}documents/${encodeURIComponent(id)}${rest}`;

/** The copies of `id` in CACHE_DIR (published and temporary). */
async function copiesOf(id: string): Promise<string[]> {
  const { createHash } = await import('node:crypto');
  const dir = path.join(served.cacheDir, 'sources', createHash('sha256').update(id).digest('hex'));
  return readdir(dir).catch(() => []);
}

async function until(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('page 1 is answered from ranges of the origin before the copy is whole, then from the copy', async () => {
  origin.files.set('scans/big.pdf', pdf);
  const meta = await fetch(url('scans/big.pdf'));
  expect(meta.status).toBe(200);
  const body = (await meta.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ pageCount: 20, loadedCount: 20, mimeType: 'application/pdf' });
  expect(body.pageSize).toHaveLength(20);
  // Named only for a whole copy, whose bytes pdf.js has opened.
  expect(body.previews).toBeUndefined();
  // The ranges pdf.js reads to open it (its flat page tree: every page's dictionary) and draw
  // page 1, noted as the facts were read: with the viewer's head and tail, pdf.js needs nothing
  // else; without them, it asks for more (docs/decisions/2026-11-29-sparse-ranges.md).
  const named = body.firstPageRanges as ByteRange[];
  expect(named.length).toBeGreaterThan(1);
  const local = await mkdtemp(path.join(os.tmpdir(), 'folio-remote-'));
  try {
    const file = path.join(local, 'big.pdf');
    await writeFile(file, pdf);
    const headAndTail: ByteRange[] = [
      [0, 131_071],
      [pdf.length - 65_536, pdf.length - 1],
    ];
    expect((await pageOneMissed(file, headAndTail)).length).toBeGreaterThan(0);
    expect(await pageOneMissed(file, [...headAndTail, ...named])).toEqual([]);
  } finally {
    await rm(local, { recursive: true, force: true });
  }

  const head = await fetch(url('scans/big.pdf', '/content'), {
    headers: { range: 'bytes=0-131071' },
  });
  expect(head.status).toBe(206);
  expect(head.headers.get('content-range')).toBe(`bytes 0-131071/${String(pdf.length)}`);
  expect(Buffer.from(await head.arrayBuffer())).toEqual(pdf.subarray(0, 131_072));
  const tail = await fetch(url('scans/big.pdf', '/content'), {
    headers: { range: `bytes=${String(pdf.length - 65_536)}-${String(pdf.length - 1)}` },
  });
  expect(Buffer.from(await tail.arrayBuffer())).toEqual(pdf.subarray(pdf.length - 65_536));

  // All of it before the slow whole-file answer was through; by ranges, the two ranges asked and
  // the page dictionaries the facts read (16 kB around each of 20).
  expect(origin.wholeDone).toBe(0);
  expect(origin.sent.whole).toBeLessThan(pdf.length);
  expect(origin.sent.ranges).toBeLessThan(131_072 + 65_536 + 20 * 2 * 16_384);
  expect(await copiesOf('scans/big.pdf')).toEqual([expect.stringMatching(/^\..*\.tmp$/)]);

  await until(() => origin.wholeDone === 1, 20_000);
  // Whole now: the copy answers, and the origin is asked for its version only.
  const rangesBefore = origin.sent.ranges;
  let settled = false;
  for (let i = 0; i < 40 && !settled; i += 1) {
    const again = (await (await fetch(url('scans/big.pdf'))).json()) as Record<string, unknown>;
    settled = again.previews !== undefined;
    if (!settled) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(settled).toBe(true);
  const whole = await fetch(url('scans/big.pdf', '/content'));
  expect(Buffer.from(await whole.arrayBuffer())).toEqual(pdf);
  expect(origin.sent.ranges).toBe(rangesBefore);
  expect(origin.sent.whole).toBe(pdf.length);
  expect(await copiesOf('scans/big.pdf')).toHaveLength(1);
});

test('a range the origin fails is the clear answer, not a cut one; the copy still fills', async () => {
  origin.files.set('scans/failing.pdf', pdf);
  expect(await (await fetch(url('scans/failing.pdf'))).json()).toMatchObject({ pageCount: 20 });
  origin.failRanges = true;
  const res = await fetch(url('scans/failing.pdf', '/content'), {
    headers: { range: 'bytes=0-65535' },
  });
  expect(res.status).toBe(502);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(await res.json()).toMatchObject({ error: 'source_unavailable' });
  expect(origin.wholeDone).toBe(0);
  await until(() => origin.wholeDone === 1, 20_000);
  // The origin has sent it all; the copy is published once the facility has checked its version,
  // and the facility then names the previews (as the test above waits for).
  await until(async () => {
    const copies = await copiesOf('scans/failing.pdf');
    if (copies.length !== 1 || copies.some((name) => name.endsWith('.tmp'))) return false;
    const answer = (await (await fetch(url('scans/failing.pdf'))).json()) as Record<
      string,
      unknown
    >;
    return answer.previews !== undefined;
  }, 20_000);
  const whole = await fetch(url('scans/failing.pdf', '/content'), {
    headers: { range: 'bytes=0-65535' },
  });
  expect(whole.status).toBe(206);
  expect(Buffer.from(await whole.arrayBuffer())).toEqual(pdf.subarray(0, 65_536));
});

test('a file changed at the origin during the fill leaves no copy; the next open is the new one', async () => {
  origin.files.set('scans/changing.pdf', pdf);
  const meta = await fetch(url('scans/changing.pdf'));
  expect(await meta.json()).toMatchObject({ pageCount: 20 });
  const first = await fetch(url('scans/changing.pdf', '/content'), {
    headers: { range: 'bytes=0-1023' },
  });
  const firstTag = first.headers.get('etag');
  expect(firstTag).toMatch(/^"[0-9a-f]{32}"$/);
  expect(Buffer.from(await first.arrayBuffer())).toEqual(pdf.subarray(0, 1024));
  // Mid-fill, the origin's file becomes another version.
  await until(() => origin.sent.whole > 100_000, 10_000);
  expect(origin.wholeDone).toBe(0);
  const changed = await bulkyPdf(3, 1000);
  origin.files.set('scans/changing.pdf', changed);
  // A range asked now is the new version's, never the old one's.
  const stale = await fetch(url('scans/changing.pdf', '/content'), {
    headers: { range: 'bytes=0-1023' },
  });
  expect(Buffer.from(await stale.arrayBuffer())).toEqual(changed.subarray(0, 1024));
  // Each ranged answer names the version it is of; one asked for the old version's bytes
  // (If-Range) is the new version whole, nothing to splice into the old.
  expect(stale.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
  expect(stale.headers.get('etag')).not.toBe(firstTag);
  const spliced = await fetch(url('scans/changing.pdf', '/content'), {
    headers: { range: 'bytes=1024-2047', 'if-range': firstTag ?? '' },
  });
  expect(spliced.status).toBe(200);
  expect(Buffer.from(await spliced.arrayBuffer())).toEqual(changed);

  await until(() => origin.wholeDone >= 1, 20_000);
  await until(
    () =>
      lines.some(
        (line) =>
          line.includes('"event":"source_fill_failed"') && line.includes('scans/changing.pdf'),
      ),
    5000,
  );
  // The old version's fill is dropped: no file of it published or left half-written.
  const left = await copiesOf('scans/changing.pdf');
  expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  const next = (await (await fetch(url('scans/changing.pdf'))).json()) as Record<string, unknown>;
  expect(next).toMatchObject({ pageCount: 3 });
});

test("a long range while the copy fills (the viewer's rest of the file) comes from the copy, not from the origin again", async () => {
  // Over the 4 MB a range is read from the origin in one piece.
  const large = await bulkyPdf(20, 300_000);
  origin.wholeRate = 3_000_000;
  try {
    origin.files.set('scans/long.pdf', large);
    expect(await (await fetch(url('scans/long.pdf'))).json()).toMatchObject({ pageCount: 20 });
    const rangesBefore = origin.sent.ranges;
    expect(origin.wholeDone).toBe(0);
    const rest = await fetch(url('scans/long.pdf', '/content'), {
      headers: { range: `bytes=131072-${String(large.length - 1)}` },
    });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(large.subarray(131_072));
    // The origin sent the file once, whole; no range of the rest.
    expect(origin.sent.ranges).toBe(rangesBefore);
    expect(origin.sent.whole).toBe(large.length);
  } finally {
    origin.wholeRate = 400_000;
  }
});

test('a long range the fill cannot finish is cut, never finished with other bytes', async () => {
  const large = await bulkyPdf(20, 300_000);
  origin.files.set('scans/cut.pdf', large);
  expect(await (await fetch(url('scans/cut.pdf'))).json()).toMatchObject({ pageCount: 20 });
  const rest = await fetch(url('scans/cut.pdf', '/content'), {
    headers: { range: `bytes=131072-${String(large.length - 1)}` },
  });
  expect(rest.status).toBe(206);
  const reading = rest.arrayBuffer();
  // The origin goes away mid-fill (every connection of it ends).
  await until(() => origin.sent.whole > 500_000, 10_000);
  origin.cut();
  await expect(reading).rejects.toThrow();
  expect((await copiesOf('scans/cut.pdf')).filter((name) => !name.endsWith('.tmp'))).toEqual([]);
});

test('the copy starts filling once the facts are read, not with the first ranges', async () => {
  origin.files.set('scans/later.pdf', pdf);
  const head = await fetch(url('scans/later.pdf', '/content'), {
    headers: { range: 'bytes=0-131071' },
  });
  expect(Buffer.from(await head.arrayBuffer())).toEqual(pdf.subarray(0, 131_072));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(origin.sent.whole).toBe(0);
  expect(await (await fetch(url('scans/later.pdf'))).json()).toMatchObject({ pageCount: 20 });
  await until(() => origin.sent.whole > 0, 5000);
  // Its fill would go on counting into the next test.
  await until(() => origin.wholeDone === 1, 20_000);
});

test('an origin without ranges: the copy is whole before the first answer, as before', async () => {
  origin.ranges = false;
  origin.files.set('scans/plain.pdf', pdf);
  const meta = await fetch(url('scans/plain.pdf'));
  expect(await meta.json()).toMatchObject({ pageCount: 20 });
  expect(origin.wholeDone).toBe(1);
  expect(origin.sent.ranges).toBe(0);
  const head = await fetch(url('scans/plain.pdf', '/content'), {
    headers: { range: 'bytes=0-99' },
  });
  expect(head.status).toBe(206);
  expect(Buffer.from(await head.arrayBuffer())).toEqual(pdf.subarray(0, 100));
  expect(origin.sent.whole).toBe(pdf.length);
});
