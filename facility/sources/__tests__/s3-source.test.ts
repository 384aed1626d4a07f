/**
 * The S3 source against a real S3-API server the test starts (s3rver, an npm package: no Docker or
 * Java on these machines): stat by HeadObject, ranges by GetObject `Range`, whole reads with the
 * size limit, a changed object a new version whose old ranges are refused, and every failure code —
 * a refusal and a silence from real servers answering as an S3 endpoint does — then the facility
 * over it: a PDF opened before its copy is whole.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { plainPdf } from '../../../server/routes/__tests__/_fixtures.ts';
import { startServe } from '../../../server/__tests__/_serve.ts';
import { sourceFromEnv } from '../../../server/source-env.ts';
import { createS3Source } from '../s3-source.ts';
import { createSourceHealth } from '../source-health.ts';
import type { DocumentSource } from '../source.ts';
import { startS3 } from './_s3.ts';
import type { S3Server } from './_s3.ts';

jest.setTimeout(60_000);

let s3: S3Server;
let config: S3ClientConfig;
let source: DocumentSource;
const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

beforeAll(async () => {
  s3 = await startS3('docs');
  config = s3.config;
  await s3.put('library/contracts/2026/a.pdf', bytes);
  source = createS3Source({ bucket: 'docs', prefix: 'library/', client: config });
});

afterAll(() => s3.close());

const collect = async (stream: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
};

test('stat: the size and the ETag, under the prefix', async () => {
  const stated = await source.stat('contracts/2026/a.pdf');
  if (stated.kind !== 'ok') throw new Error(`not stated: ${stated.kind}`);
  expect(stated.stat).toMatchObject({ size: 5000, ranges: true });
  expect(stated.stat.version).toMatch(/^"[0-9a-f]{32}"$/);
  expect(await source.stat('contracts/2026/none.pdf')).toEqual({ kind: 'not_found' });
  expect(await source.stat('../a.pdf')).toEqual({ kind: 'bad_id' });
});

test('S3_PREFIX=library never serves library-private/: the start stops, a folder prefix stays in it', async () => {
  await s3.put('library-private/x.pdf', bytes);
  const saved = { ...process.env };
  Object.assign(process.env, {
    S3_BUCKET: 'docs',
    S3_PREFIX: 'library',
    S3_ENDPOINT: s3.url,
    S3_REGION: 'us-east-1',
  });
  try {
    expect(() => sourceFromEnv()).toThrow(/S3_PREFIX must be a folder/);
  } finally {
    process.env = saved;
  }
  // Joined as strings, `library` + `-private/x.pdf` was that key: a source is never built so.
  expect(() => createS3Source({ bucket: 'docs', prefix: 'library', client: config })).toThrow(
    /not a folder/,
  );
  for (const id of ['-private/x.pdf', 'library-private/x.pdf', '../library-private/x.pdf']) {
    expect((await source.stat(id)).kind).not.toBe('ok');
  }
});

test('a range is exactly its bytes; the whole file reads whole', async () => {
  expect(await source.readRange('contracts/2026/a.pdf', 100, 199)).toEqual(
    bytes.subarray(100, 200),
  );
  expect(await collect(await source.read('contracts/2026/a.pdf', 5000))).toEqual(bytes);
});

test('a changed object is a new version; a range of the old one is refused', async () => {
  await s3.put('library/changing.pdf', bytes);
  const before = await source.stat('changing.pdf');
  await s3.put('library/changing.pdf', Buffer.from('another version'));
  const after = await source.stat('changing.pdf');
  if (before.kind !== 'ok' || after.kind !== 'ok') throw new Error('not stated');
  expect(after.stat.version).not.toBe(before.stat.version);
  await expect(source.readRange('changing.pdf', 0, 9, before.stat.version)).rejects.toMatchObject({
    code: 'source_unavailable',
  });
  expect(String(await source.readRange('changing.pdf', 0, 6, after.stat.version))).toBe('another');
});

test('too large: refused on the declared size', async () => {
  await expect(source.read('contracts/2026/a.pdf', 4999)).rejects.toMatchObject({
    code: 'too_large',
  });
  await expect(source.readRange('contracts/2026/none.pdf', 0, 9)).rejects.toMatchObject({
    code: 'not_found',
  });
});

/** A server on loopback answering every request with `answer` (or never). */
async function endpoint(answer?: http.RequestListener) {
  const server = http.createServer(answer ?? (() => undefined));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { url, close };
}

test('an endpoint that refuses the credentials is source_refused', async () => {
  const refusing = await endpoint((_req, res) => {
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end(
      '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code>' +
        '<Message>The request signature we calculated does not match</Message></Error>',
    );
  });
  const refused = createS3Source({ bucket: 'docs', client: { ...config, endpoint: refusing.url } });
  await expect(refused.stat('a.pdf')).rejects.toMatchObject({ code: 'source_refused' });
  await expect(refused.readRange('a.pdf', 0, 9)).rejects.toMatchObject({ code: 'source_refused' });
  expect(await createSourceHealth(refused)()).toBe('source_refused');
  refusing.close();
});

test('an endpoint that never answers is source_timeout; one that is down, source_unavailable', async () => {
  const silent = await endpoint();
  const slow = createS3Source({
    bucket: 'docs',
    client: { ...config, endpoint: silent.url },
    connectTimeoutMs: 300,
    totalTimeoutMs: 800,
  });
  await expect(slow.stat('a.pdf')).rejects.toMatchObject({ code: 'source_timeout' });
  silent.close();
  // A port nobody listens on: bound, then closed.
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  const down = createS3Source({
    bucket: 'docs',
    client: { ...config, endpoint: `http://127.0.0.1:${String(port)}` },
  });
  await expect(down.stat('a.pdf')).rejects.toMatchObject({ code: 'source_unavailable' });
  // What health says, asked once however often it is polled.
  const health = createSourceHealth(down);
  expect(await health()).toBe('source_unavailable');
  expect(await createSourceHealth(source)()).toBe('ok');
});

test('the facility over the bucket: a nested PDF opens, its content ranges answered', async () => {
  const pdf = Buffer.from(await plainPdf(3));
  await s3.put('library/reports/q3.pdf', pdf);
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'folio-s3-cache-'));
  const served = await startServe({ cacheDir, options: { source } });
  try {
    const id = encodeURIComponent('reports/q3.pdf');
    const meta = await fetch(`${served.api}documents/${id}`);
    expect(await meta.json()).toMatchObject({ pageCount: 3 });
    const range = await fetch(`${served.api}documents/${id}/content`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(pdf.subarray(0, 100));
    const health = (await (await fetch(`${served.api}health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ source: 's3', sourceAnswers: 'ok' });
    expect(JSON.stringify(health)).not.toContain(s3.url);
  } finally {
    await served.close();
    await rm(cacheDir, { recursive: true, force: true });
  }
});
