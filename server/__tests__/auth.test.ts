/**
 * Signed links on the one server over real HTTP (docs/server.md, "Signed links"): each way a token
 * fails on every documents route, the reader's policy and watermark, the failure limit, and tokens
 * kept out of the log while each open is one audit line.
 */
import { Writable } from 'node:stream';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair } from 'jose';
import type { CryptoKey } from 'jose';
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { parsePublicKeys, secretKey } from '../auth-keys.ts';
import { withoutToken } from '../auth.ts';
import { getMeta, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';
import { base64url, signHs256, unsignedToken } from './_tokens.ts';

jest.setTimeout(60_000);

let served: Served;
let rsa: { privateKey: CryptoKey; publicKey: CryptoKey };
let ed: { privateKey: CryptoKey; publicKey: CryptoKey };
let publicPem: string;
const lines: string[] = [];

const now = () => Math.floor(Date.now() / 1000);

async function token(
  claims: Record<string, unknown>,
  { key = rsa.privateKey, alg = 'RS256', kid = 'rsa-1' } = {},
): Promise<string> {
  return new SignJWT({ exp: now() + 300, ...claims }).setProtectedHeader({ alg, kid }).sign(key);
}

beforeAll(async () => {
  rsa = await generateKeyPair('RS256', { extractable: true });
  ed = await generateKeyPair('EdDSA', { extractable: true });
  publicPem = await exportSPKI(rsa.publicKey);
  const keys = await parsePublicKeys(
    JSON.stringify({
      keys: [
        { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1' },
        { ...(await exportJWK(ed.publicKey)), kid: 'ed-1' },
      ],
    }),
  );
  const pdf = await plainPdf(2);
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  served = await startServe({
    files: {
      'a.pdf': pdf,
      'b.pdf': pdf,
      'a.pdf.json': JSON.stringify({
        watermarkInfo: { text: '{name} · {date}', fontSize: 18 },
        param: { download: true, isFcsDownload: true, print: true },
      }),
    },
    options: {
      auth: { mode: 'tokens', keys },
      // Enough for every refusal below (a separate server tests the limit).
      authFailureLimit: { max: 80, timeWindowMs: 60_000 },
      logger: { level: 'info', stream: log },
    },
  });
});

afterAll(async () => {
  await served.close();
});

async function get(rest: string, bearer?: string) {
  const headers = bearer === undefined ? undefined : { Authorization: `Bearer ${bearer}` };
  const res = await fetch(`${served.api}documents/${rest}`, { headers });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? ((await res.json()) as Record<string, unknown>) : null;
  return { status: res.status, body, headers: res.headers };
}

// The token is checked before the facility looks at the preview's hash.
const ROUTES = [
  'a.pdf',
  'a.pdf/content',
  'a.pdf/original',
  `a.pdf/previews/${'0'.repeat(64)}/1-240.webp`,
];

test('health stays open and says tokens are checked', async () => {
  const res = await fetch(`${served.api}health`);
  expect(await res.json()).toMatchObject({ status: 'ok', auth: 'tokens' });
});

test.each(ROUTES)('%s: no token is 401 token_missing', async (route) => {
  const res = await get(route);
  expect(res).toMatchObject({ status: 401, body: { error: 'token_missing' } });
  expect(res.headers.get('www-authenticate')).toContain('Bearer');
  // So is a metadata read the browser would otherwise have answered: getMeta sends no token.
  expect((await getMeta(served, 'b.pdf')).status).toBe(401);
});

test.each(ROUTES)('%s: a token for another document is 403 token_other_document', async (route) => {
  const res = await get(route, await token({ doc: 'b.pdf' }));
  expect(res).toMatchObject({ status: 403, body: { error: 'token_other_document' } });
});

test.each(ROUTES)('%s: an expired token is 401 token_expired', async (route) => {
  const res = await get(route, await token({ doc: 'a.pdf', exp: now() - 120 }));
  expect(res).toMatchObject({ status: 401, body: { error: 'token_expired' } });
});

test('clocks may disagree by up to a minute', async () => {
  expect((await get('a.pdf', await token({ doc: 'a.pdf', exp: now() - 30 }))).status).toBe(200);
  const early = await token({ doc: 'a.pdf', nbf: now() + 30 });
  expect((await get('a.pdf', early)).status).toBe(200);
  const tooEarly = await token({ doc: 'a.pdf', nbf: now() + 300 });
  expect((await get('a.pdf', tooEarly)).body).toEqual({ error: 'token_invalid' });
});

describe('forged tokens are 401 token_invalid on every route', () => {
  const forgeries: [string, () => Promise<string>][] = [
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = (await token({ doc: 'b.pdf' })).split('.');
        const payload = base64url(JSON.stringify({ doc: 'a.pdf', exp: now() + 300 }));
        return `${header}.${payload}.${signature}`;
      },
    ],
    [
      'alg: none',
      () => Promise.resolve(unsignedToken({ doc: 'a.pdf', exp: now() + 300 }, 'rsa-1')),
    ],
    [
      'HS256 signed with the RS256 public key',
      () => Promise.resolve(signHs256({ doc: 'a.pdf', exp: now() + 300 }, publicPem, 'rsa-1')),
    ],
    ['an RS256 token naming the EdDSA key', () => token({ doc: 'a.pdf' }, { kid: 'ed-1' })],
    ['an unknown kid', () => token({ doc: 'a.pdf' }, { kid: 'gone' })],
    [
      'no exp',
      () => new SignJWT({ doc: 'a.pdf' }).setProtectedHeader({ alg: 'RS256' }).sign(rsa.privateKey),
    ],
    ['an unknown permission', () => token({ doc: 'a.pdf', perm: ['print', 'everything'] })],
    ['a name that is not a string', () => token({ doc: 'a.pdf', name: { html: '<b>' } })],
    ['not a JWT', () => Promise.resolve('abc.def')],
  ];
  test.each(forgeries)('%s', async (_what, make) => {
    const forged = await make();
    for (const route of ROUTES) {
      expect(await get(route, forged)).toMatchObject({
        status: 401,
        body: { error: 'token_invalid' },
      });
    }
  });
});

test('a valid token opens the document; EdDSA keys by kid too', async () => {
  const valid = await token({ doc: 'a.pdf', name: 'Li Lei', sub: 'u-17' });
  const meta = await get('a.pdf', valid);
  expect(meta.status).toBe(200);
  expect(meta.body).toMatchObject({ pageCount: 2, param: { download: true, print: true } });
  const range = await fetch(`${served.api}documents/a.pdf/content`, {
    headers: { Authorization: `Bearer ${valid}`, Range: 'bytes=0-9' },
  });
  expect(range.status).toBe(206);
  expect((await get('a.pdf/original', valid)).status).toBe(200);
  const previews = meta.body?.previews as { url: string };
  const preview = previews.url.replace('documents/', '').replace('{page}-{width}', '1-240');
  const image = await get(preview, valid);
  expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);
  expect((await get(preview, await token({ doc: 'b.pdf' }))).status).toBe(403);
  expect((await get(preview)).status).toBe(401);
  const edToken = await token({ doc: 'b.pdf' }, { key: ed.privateKey, alg: 'EdDSA', kid: 'ed-1' });
  expect((await get('b.pdf', edToken)).status).toBe(200);
});

test("the watermark template is filled with the token's reader, on the server", async () => {
  const meta = await get('a.pdf', await token({ doc: 'a.pdf', name: 'Li Lei' }));
  const date = new Date().toISOString().slice(0, 10);
  expect(meta.body?.watermarkInfo).toEqual({ text: `Li Lei · ${date}`, fontSize: 18 });
  const own = await get('a.pdf', await token({ doc: 'a.pdf', sub: 'u-9', watermark: 'For {sub}' }));
  expect(own.body?.watermarkInfo).toEqual({ text: 'For u-9', fontSize: 18 });
});

test('perm narrows the policy, never widens it; original refused without download', async () => {
  const printOnly = await token({ doc: 'a.pdf', perm: ['print'] });
  const meta = await get('a.pdf', printOnly);
  expect(meta.body?.param).toEqual({
    download: false,
    isFcsDownload: false,
    showBrowser: false,
    print: true,
    antiCopy: true,
    select: false,
    showSearch: false,
    showSignature: false,
  });
  expect(await get('a.pdf/original', printOnly)).toMatchObject({
    status: 403,
    body: { error: 'download_not_allowed' },
  });
  // Every permission: the document's own policy, exactly (perm adds nothing it lacks).
  const everything = ['download', 'print', 'copy', 'search', 'sign'];
  const full = await get('a.pdf', await token({ doc: 'a.pdf', perm: everything }));
  expect(full.body?.param).toEqual({ download: true, isFcsDownload: true, print: true });
});

test('no token ever reaches the log; each open is one audit line', async () => {
  const valid = await token({ doc: 'b.pdf', name: 'Han Meimei', sub: 'u-3', perm: ['print'] });
  lines.length = 0;
  await get('b.pdf', valid);
  await get('b.pdf/content', valid);
  await fetch(`${served.api}documents/b.pdf?token=${valid}`);
  // The key spelled as the viewer still reads it (src/url/token.ts): encoded, upper case.
  await fetch(`${served.api}documents/b.pdf?t%6Fken=${valid}&x=1`);
  await fetch(`${served.api}documents/b.pdf?page=2&%54OKEN=${valid}`);
  const log = lines.join('\n');
  expect(log).not.toContain(valid);
  expect(log).not.toContain(valid.split('.')[2]);
  const audits = lines
    .map((line) => JSON.parse(line) as { audit?: Record<string, unknown> })
    .filter((entry) => entry.audit !== undefined);
  expect(audits).toHaveLength(1);
  expect(audits[0].audit).toMatchObject({
    doc: 'b.pdf',
    reader: 'u-3',
    name: 'Han Meimei',
    perm: ['print'],
    address: '127.0.0.1',
  });
  expect(Date.parse(String(audits[0].audit?.time))).toBeGreaterThan(Date.now() - 10_000);
  expect(log).toContain('token=[redacted]');
  expect(log).toContain('t%6Fken=[redacted]&x=1');
  expect(log).toContain('page=2&%54OKEN=[redacted]');
});

test('a media ticket in the path is kept out of the log, however the path spells it', () => {
  for (const url of [
    '/api/documents/talk.mp4/media/T1.mac',
    '/api/d%6Fcuments/talk.mp4/m%65dia/T1.mac?x=1',
    '/api/documents/a%2Fb.mp4/tracks/T1.mac/zh-CN',
  ]) {
    const logged = withoutToken(url);
    expect(logged).not.toContain('T1.mac');
    expect(logged).toContain('/[redacted]');
  }
  expect(withoutToken('/api/documents/media/content?token=T1.mac')).toBe(
    '/api/documents/media/content?token=[redacted]',
  );
});

test('a token living longer than AUTH_MAX_TTL is refused, with the reason in the log only', async () => {
  const day = 24 * 3600;
  // Ten years, as `npm run token --ttl 3650d` minted before; and two days from an `iat` of now.
  const decade = await token({ doc: 'a.pdf', exp: now() + 3650 * day });
  const twoDays = await new SignJWT({ doc: 'a.pdf' })
    .setProtectedHeader({ alg: 'RS256', kid: 'rsa-1' })
    .setIssuedAt()
    .setExpirationTime(now() + 2 * day)
    .sign(rsa.privateKey);
  // Issued two days ago, expiring in an hour: it has lived longer than a day too.
  const old = await new SignJWT({ doc: 'a.pdf', iat: now() - 2 * day, exp: now() + 3600 })
    .setProtectedHeader({ alg: 'RS256', kid: 'rsa-1' })
    .sign(rsa.privateKey);
  lines.length = 0;
  for (const bearer of [decade, twoDays, old]) {
    expect(await get('a.pdf', bearer)).toMatchObject({
      status: 401,
      body: { error: 'token_invalid' },
    });
  }
  expect(lines.join('\n')).toContain('lives longer than AUTH_MAX_TTL (86400 s)');
  // A day exactly (the default) is accepted.
  const aDay = await new SignJWT({ doc: 'a.pdf' })
    .setProtectedHeader({ alg: 'RS256', kid: 'rsa-1' })
    .setIssuedAt()
    .setExpirationTime(now() + day)
    .sign(rsa.privateKey);
  expect((await get('a.pdf', aDay)).status).toBe(200);
});

test('an HS256 secret works, and must be long enough', async () => {
  expect(() => secretKey('short')).toThrow(/AUTH_SECRET must be at least 32 bytes/);
  const secret = 'x'.repeat(40);
  const other = await startServe({
    files: { 'a.pdf': await plainPdf(1) },
    // No clock skew allowed (AUTH_CLOCK_SKEW_S=0): a token expired a few seconds ago is refused.
    options: { auth: { mode: 'tokens', keys: [secretKey(secret)], clockToleranceS: 0 } },
  });
  try {
    const signed = await new SignJWT({ doc: 'a.pdf', exp: now() + 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret));
    const ok = await fetch(`${other.api}documents/a.pdf`, {
      headers: { Authorization: `Bearer ${signed}` },
    });
    expect(ok.status).toBe(200);
    const none = unsignedToken({ doc: 'a.pdf', exp: now() + 60 });
    const refused = await fetch(`${other.api}documents/a.pdf`, {
      headers: { Authorization: `Bearer ${none}` },
    });
    expect(await refused.json()).toEqual({ error: 'token_invalid' });
    const lately = await new SignJWT({ doc: 'a.pdf', exp: now() - 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret));
    const late = await fetch(`${other.api}documents/a.pdf`, {
      headers: { Authorization: `Bearer ${lately}` },
    });
    expect(await late.json()).toEqual({ error: 'token_expired' });
  } finally {
    await other.close();
  }
});

test('refused tokens are limited per address, before any verification; valid readers are not counted', async () => {
  const secret = 'y'.repeat(40);
  const limited = await startServe({
    files: { 'a.pdf': await plainPdf(1) },
    options: {
      auth: { mode: 'tokens', keys: [secretKey(secret)] },
      authFailureLimit: { max: 3, timeWindowMs: 60_000 },
    },
  });
  try {
    const valid = await new SignJWT({ doc: 'a.pdf', exp: now() + 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret));
    const read = (bearer?: string) =>
      fetch(`${limited.api}documents/a.pdf`, {
        headers: bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` },
      });
    for (let i = 0; i < 5; i += 1) expect((await read(valid)).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await read()).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const blocked = await read('junk');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: 'too_many_token_failures' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Over the limit, even a right token is not looked at: a guess that would open still gets 429.
    const right = await read(valid);
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual({ error: 'too_many_token_failures' });
  } finally {
    await limited.close();
  }
});
