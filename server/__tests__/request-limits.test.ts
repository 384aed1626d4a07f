/**
 * The limits of a request as docs/server.md ("Limits") and facility/README.md ("Ids") state them,
 * on the one server over real HTTP. An id's lengths (at most 255 bytes a segment and 512 in all)
 * are the decoded id's, whatever its spelling in the URL (percent-encoding triples a byte), so a
 * long id within them opens and one past them is 400 bad_id, never the router's 404; a request
 * line past Node's header limit is 431, a malformed encoding 400, a body 405 or, past fastify's
 * limit, 413.
 */
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(60_000);

/** 400 bytes: two ASCII segments. */
const LONG = `${'a'.repeat(200)}/${'b'.repeat(195)}.pdf`;
/** 503 bytes of Chinese, each character 3 bytes and 9 characters in the URL. */
const CHINESE = `${'报'.repeat(84)}/${'告'.repeat(82)}.pdf`;

let served: Served;

beforeAll(async () => {
  const pdf = await plainPdf(1);
  served = await startServe({ files: { [LONG]: pdf, [CHINESE]: pdf } });
});

afterAll(() => served.close());

const url = (id: string, rest = '') => `${served.api}documents/${encodeURIComponent(id)}${rest}`;

test.each([
  ['a 400-byte id', LONG, 400],
  ['a Chinese id near 512 bytes', CHINESE, 503],
])('%s opens: metadata and content', async (_name, id, bytes) => {
  expect(Buffer.byteLength(id)).toBe(bytes);
  const meta = await fetch(url(id));
  expect(meta.status).toBe(200);
  expect(await meta.json()).toMatchObject({ pageCount: 1 });
  const content = await fetch(url(id, '/content'), { headers: { Range: 'bytes=0-4' } });
  expect(content.status).toBe(206);
  expect(await content.text()).toBe('%PDF-');
});

test.each([
  ['513 ASCII bytes', `${'a'.repeat(255)}/${'b'.repeat(253)}.pdf`],
  ['723 bytes of Chinese', `${'报'.repeat(80)}/${'告'.repeat(80)}/${'书'.repeat(80)}`],
  ['a 256-byte segment', `${'a'.repeat(252)}.pdf`],
])('%s: 400 bad_id on every route', async (_name, id) => {
  for (const rest of ['', '/content', '/original', '/previews/0/1-240.webp']) {
    const res = await fetch(url(id, rest));
    expect([rest, res.status]).toEqual([rest, 400]);
    expect(await res.json()).toEqual({ error: 'bad_id' });
  }
});

test('a URL past Node’s header limit is 431 before any route', async () => {
  const res = await fetch(url('报'.repeat(2000)));
  expect(res.status).toBe(431);
});

test('the routes take no body: another method is 405 with Allow, a body past 1 MB 413 first', async () => {
  const res = await fetch(url(LONG), { method: 'POST', body: 'x' });
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('GET, HEAD');
  const large = await fetch(url(LONG), { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
  expect(large.status).toBe(413);
});

test('a malformed percent-encoding is 400 bad_request', async () => {
  const res = await fetch(`${served.api}documents/%E0%A4%A`);
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ error: 'bad_request' });
});
