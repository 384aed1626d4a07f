/**
 * What a version is at an HTTP origin that names none (docs/server.md, "Document sources";
 * docs/decisions/2026-12-06-versions-without-validators.md), on `npm run serve`'s app over real
 * HTTP: with neither ETag nor Last-Modified, a file changed at the same size (a redaction) is
 * served on the next open, and opens meanwhile share one fetch; an origin whose HEAD names no
 * length is read by its first byte's Content-Range, or whole, and answered with true lengths.
 */
import { PDFDocument } from 'pdf-lib';
import { createHttpSource } from '../../facility/sources/http-source.ts';
import { startRangeOrigin } from '../../facility/sources/__tests__/_range-origin.ts';
import type { RangeOrigin } from '../../facility/sources/__tests__/_range-origin.ts';
import { getMeta, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(60_000);

/** A two-page PDF titled `title`: two titles of one length make two files of one size. */
async function titled(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.addPage([595, 842]);
  doc.addPage([595, 842]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

let origin: RangeOrigin;
let served: Served;

beforeAll(async () => {
  origin = await startRangeOrigin();
  served = await startServe({
    options: { source: createHttpSource({ template: `${origin.url}/files/{+id}` }) },
  });
});

afterAll(async () => {
  await served.close();
  await origin.close();
});

beforeEach(() => {
  Object.assign(origin, { validator: 'etag', ranges: true, headLength: true, wholeLength: true });
  origin.wholeRate = Infinity;
});

async function content(id: string, range?: string) {
  const res = await fetch(`${served.api}documents/${encodeURIComponent(id)}/content`, {
    headers: range === undefined ? {} : { Range: range },
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, length: res.headers.get('content-length'), body };
}

/** The metadata once the copy is whole (it names previews then), or the last answer after 10 s. */
async function copied(id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { body } = await getMeta(served, id);
    if (body.previews !== undefined || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an origin with neither ETag nor Last-Modified', () => {
  test('a file changed at the same size is served on the next open', async () => {
    origin.validator = 'none';
    const draft = await titled('Draft: salaries');
    const redacted = await titled('Final: redacted');
    expect(redacted.length).toBe(draft.length);
    origin.files.set('memo.pdf', draft);
    expect(await getMeta(served, 'memo.pdf')).toMatchObject({
      status: 200,
      body: { title: 'Draft: salaries', pageCount: 2 },
    });
    expect((await content('memo.pdf')).body).toEqual(draft);

    origin.files.set('memo.pdf', redacted);
    expect(await getMeta(served, 'memo.pdf')).toMatchObject({
      status: 200,
      body: { title: 'Final: redacted', pageCount: 2 },
    });
    const ranged = await content('memo.pdf', 'bytes=0-99');
    expect(ranged).toMatchObject({ status: 206, length: '100' });
    expect(ranged.body).toEqual(redacted.subarray(0, 100));
    expect((await content('memo.pdf')).body).toEqual(redacted);
  });

  test('opens while the file is fetched share that one fetch', async () => {
    origin.validator = 'none';
    const file = await titled('Shared: one fetch');
    origin.files.set('shared.pdf', file);
    // Sent without a length and ended a second after its bytes: the opens below arrive while it
    // is on its way.
    Object.assign(origin, { wholeLength: false, wholeRate: file.length });
    const before = origin.wholeDone;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => getMeta(served, 'shared.pdf')),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, body: { title: 'Shared: one fetch' } });
    }
    expect(origin.wholeDone - before).toBe(1);
  });
});

describe('an origin whose HEAD names no length', () => {
  test.each([
    ['with ranges: the first byte names it', 'etag', true, true],
    ['Last-Modified only, the whole file sent chunked', 'last-modified', true, false],
    ['without ranges or any length: read whole', 'etag', false, false],
  ] as const)(
    '%s; every answer has its true length',
    async (_name, validator, ranges, wholeLength) => {
      Object.assign(origin, { validator, ranges, headLength: false, wholeLength });
      const id = `no-length-${validator}-${String(ranges)}-${String(wholeLength)}.pdf`;
      const file = await titled('No length said');
      origin.files.set(id, file);
      expect(await getMeta(served, id)).toMatchObject({ status: 200, body: { pageCount: 2 } });
      const ranged = await content(id, 'bytes=10-19');
      expect(ranged).toMatchObject({ status: 206, length: '10' });
      expect(ranged.body).toEqual(file.subarray(10, 20));
      const whole = await content(id);
      expect(whole).toMatchObject({ status: 200, length: String(file.length) });
      expect(whole.body).toEqual(file);
      // The copy is whole in the end (its previews are named then), and served as it is.
      expect(await copied(id)).toMatchObject({ previews: expect.any(Object) as unknown });
      expect(await content(id)).toMatchObject({ status: 200, length: String(file.length) });
    },
  );
});
