/**
 * The edges of a request an attacker spells differently (docs/server.md, "Limits"): the rate limit
 * and the facility's 404 on the path the router decodes, no Referer leaving the app or the API, and
 * whose address counts behind a reverse proxy (TRUST_PROXY).
 */
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { BASE, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(60_000);

const LIMIT = 4;

async function statuses(urls: string[], headers: Record<string, string> = {}): Promise<number[]> {
  const seen = [];
  for (const url of urls) seen.push((await fetch(url, { headers })).status);
  return seen;
}

describe('the flood limit counts every spelling the router reads as api/', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe({
      files: { 'a.pdf': await plainPdf(1) },
      options: { limits: { rateLimitMax: LIMIT } },
    });
  });
  afterAll(() => served.close());

  test('encoded letters in the base, in api/ and in the route share one count', async () => {
    const { origin } = served;
    const viewer = BASE.replace(/\/$/, '');
    const spellings = [
      `${origin}${viewer}/%61pi/documents/a.pdf/content`,
      `${origin}${viewer}/%61%70%69/documents/a.pdf`,
      `${origin}/%76iewer/api/documents/a.pdf`,
      `${origin}${viewer}/api/%64ocuments/a.pdf/content`,
    ];
    // Each is served as the route it spells (so it is a real read, not a 404).
    expect(await statuses(spellings)).toEqual([200, 200, 200, 200]);
    const over = await fetch(`${origin}${viewer}/%61pi/documents/a.pdf/content`);
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ error: 'rate_limited' });
    expect((await fetch(`${served.api}documents/a.pdf`)).status).toBe(429);
    // Health, however spelled, stays out of it.
    expect((await fetch(`${origin}${viewer}/%61pi/health`)).status).toBe(200);
  });
});

test("an unknown path under api/, however spelled, is the facility's 404, never the app's page", async () => {
  const served = await startServe({});
  try {
    const viewer = BASE.replace(/\/$/, '');
    for (const at of [`${viewer}/api/nothing`, `${viewer}/%61pi/nothing`, `/%76iewer/%61pi/x/y`]) {
      // Asked as a browser asks for a page: the history fallback would answer index.html.
      const res = await fetch(`${served.origin}${at}`, { headers: { accept: 'text/html' } });
      expect([at, res.status, await res.json()]).toEqual([at, 404, { error: 'not_found' }]);
    }
  } finally {
    await served.close();
  }
});

test('every answer, the app and the API alike, says Referrer-Policy: no-referrer', async () => {
  const served = await startServe({ files: { 'a.pdf': await plainPdf(1) } });
  try {
    const urls = [
      `${served.origin}${BASE}?doc=a.pdf&token=x`, // the page a ?token= link opens
      `${served.origin}${BASE}main.0123abcd.js`,
      `${served.origin}${BASE}a/deep/link`,
      `${served.api}documents/a.pdf`,
      `${served.api}documents/a.pdf/content`,
      `${served.api}documents/missing.pdf`,
      `${served.api}health`,
    ];
    for (const url of urls) {
      const res = await fetch(url);
      expect([url, res.headers.get('referrer-policy')]).toEqual([url, 'no-referrer']);
    }
  } finally {
    await served.close();
  }
});

describe('the client address behind a reverse proxy', () => {
  const read = (served: Served, client: string) =>
    statuses(
      Array.from({ length: LIMIT + 1 }, () => `${served.api}documents/a.pdf`),
      { 'X-Forwarded-For': client },
    );

  test('with TRUST_PROXY naming the proxy, each forwarded client has its own limit', async () => {
    const served = await startServe({
      files: { 'a.pdf': await plainPdf(1) },
      options: { limits: { rateLimitMax: LIMIT }, trustProxy: ['127.0.0.1'] },
    });
    try {
      expect(await read(served, '203.0.113.5')).toEqual([200, 200, 200, 200, 429]);
      expect(await read(served, '203.0.113.6')).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await served.close();
    }
  });

  test('without it, a forwarded address is not believed: a client cannot pick a new one', async () => {
    const served = await startServe({
      files: { 'a.pdf': await plainPdf(1) },
      options: { limits: { rateLimitMax: LIMIT } },
    });
    try {
      expect(await read(served, '203.0.113.5')).toEqual([200, 200, 200, 200, 429]);
      expect(await read(served, '203.0.113.6')).toEqual([429, 429, 429, 429, 429]);
    } finally {
      await served.close();
    }
  });
});
