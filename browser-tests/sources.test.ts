// Documents where they live through `npm run serve` (docs/server.md, "Document sources"): signed
// links open a PDF and a DOCX kept in nested folders of DOCS_DIR, and a PDF and a DOCX kept at an
// HTTP origin (DOCS_URL), page 1 painted (a PDF at an origin that answers ranges before the
// server's copy of it is whole), the `?doc=` with its `/` kept in the address bar; a file
// changed at the origin is its new content on the next open; an origin that stopped answering is
// the viewer's clear message and its `folio:failed` kind, not a blank page; a PDF kept in an
// S3-compatible bucket (S3_BUCKET, against s3rver) opens the same way.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startS3 } from '../facility/sources/__tests__/_s3.ts';
import type { S3Server } from '../facility/sources/__tests__/_s3.ts';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { waitForPainted } from './support/pixels.ts';
import { startNpmServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { newSession } from './support/viewer.ts';

const here = import.meta.dirname;
const SAMPLE_PDF = path.join(here, '..', 'mock', 'documents', 'tracemonkey.pdf');
const SAMPLE_DOCX = path.join(here, '..', 'server', '__tests__', 'fixtures', 'three-pages.docx');
const SECRET = 'a browser test secret of at least 32 bytes';
const root = mkdtempSync(path.join(tmpdir(), 'folio-sources-browser-'));
const docsDir = path.join(root, 'docs');
let browser: Browser;
let server: RunningServer;
let remote: RunningServer;
let bucket: S3Server;
let fromBucket: RunningServer;
const CREDENTIAL = 'Bearer browser-origin-credential';
/** The origin's files, by id; the test changes one while the servers run. */
const stored = new Map<string, Buffer>();
/** Ids whose whole-file answer the origin has sent to its end. */
const sentWhole = new Set<string>();
/**
 * Files under `ranged/` are served as a range-capable store would: `Accept-Ranges`, 206 answers,
 * `If-Match`, and a whole-file answer that dribbles (8 kB every 100 ms), so that page 1 painted
 * before it ends was read by ranges.
 */
const origin = createServer((request, response) => {
  const id = decodeURIComponent((request.url ?? '').replace(/^\/store\//, ''));
  const bytes = stored.get(id);
  if (request.headers.authorization !== CREDENTIAL) return response.writeHead(401).end();
  if (bytes === undefined) return response.writeHead(404).end();
  // A version per content, as a document system's ETag would be.
  const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`;
  if (!id.startsWith('ranged/')) {
    response.writeHead(200, { 'content-length': bytes.length, etag });
    return response.end(request.method === 'HEAD' ? undefined : bytes);
  }
  const match = request.headers['if-match'];
  if (match !== undefined && match !== etag) return response.writeHead(412).end();
  const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
  if (range) {
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), bytes.length - 1);
    response.writeHead(206, {
      'content-length': end - start + 1,
      'content-range': `bytes ${String(start)}-${String(end)}/${String(bytes.length)}`,
      etag,
    });
    return response.end(bytes.subarray(start, end + 1));
  }
  response.writeHead(200, { 'content-length': bytes.length, etag, 'accept-ranges': 'bytes' });
  if (request.method === 'HEAD') return response.end();
  let at = 0;
  const timer = setInterval(() => {
    if (response.destroyed) {
      clearInterval(timer);
      return;
    }
    response.write(bytes.subarray(at, at + 8192));
    at += 8192;
    if (at >= bytes.length) {
      clearInterval(timer);
      sentWhole.add(id);
      response.end();
    }
  }, 100);
});

/** A PDF of `pages` pages, each with its number drawn (a blank page counts as not painted). */
async function numberedPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    pdf.addPage([300, 400]).drawText(`Page ${String(i + 1)}`, { x: 40, y: 300, size: 48, font });
  }
  return Buffer.from(await pdf.save());
}

const token = (doc: string) =>
  new SignJWT({ doc, exp: Math.floor(Date.now() / 1000) + 300 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));

before(async () => {
  mkdirSync(path.join(docsDir, 'contracts', '2026', '11'), { recursive: true });
  copyFileSync(SAMPLE_PDF, path.join(docsDir, 'contracts', '2026', 'tracemonkey.pdf'));
  copyFileSync(SAMPLE_DOCX, path.join(docsDir, 'contracts', '2026', '11', 'three pages.docx'));
  stored.set('reports/tracemonkey.pdf', readFileSync(SAMPLE_PDF));
  stored.set('reports/2026/three pages.docx', readFileSync(SAMPLE_DOCX));
  stored.set('reports/changing.pdf', await numberedPdf(2));
  stored.set('ranged/tracemonkey.pdf', readFileSync(SAMPLE_PDF));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const originUrl = `http://127.0.0.1:${String((origin.address() as AddressInfo).port)}`;
  const { distDir } = await prodBuild();
  remote = await startNpmServer(
    'serve',
    {
      BASE_PATH: '/viewer/',
      DIST_DIR: distDir,
      DOCS_DIR: '',
      DOCS_URL: `${originUrl}/store/{id}`,
      DOCS_HEADERS: `Authorization: ${CREDENTIAL}`,
      CACHE_DIR: path.join(root, 'remote-cache'),
      AUTH_SECRET: SECRET,
    },
    '/viewer/api/health',
  );
  server = await startNpmServer(
    'serve',
    {
      BASE_PATH: '/viewer/',
      DIST_DIR: distDir,
      DOCS_DIR: docsDir,
      CACHE_DIR: path.join(root, 'cache'),
      AUTH_SECRET: SECRET,
    },
    '/viewer/api/health',
  );
  bucket = await startS3('documents');
  const client = new S3Client({ ...bucket.config, requestChecksumCalculation: 'WHEN_REQUIRED' });
  await client.send(
    new PutObjectCommand({
      Bucket: 'documents',
      Key: 'library/scans/tracemonkey.pdf',
      Body: readFileSync(SAMPLE_PDF),
    }),
  );
  fromBucket = await startNpmServer(
    'serve',
    {
      BASE_PATH: '/viewer/',
      DIST_DIR: distDir,
      DOCS_DIR: '',
      S3_BUCKET: 'documents',
      S3_ENDPOINT: bucket.url,
      S3_PREFIX: 'library/',
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      CACHE_DIR: path.join(root, 'bucket-cache'),
      AUTH_SECRET: SECRET,
    },
    '/viewer/api/health',
  );
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
  await server.stop();
  await remote.stop();
  await fromBucket.stop();
  await bucket.close();
  if (origin.listening) origin.close();
  rmSync(root, { recursive: true, force: true });
});

/** Opens `id` on `on` with a signed link, records `folio:failed`, and waits for page 1. */
async function openSigned(on: RunningServer, id: string) {
  const session = await newSession(browser);
  const { page } = session;
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    Object.assign(window, { __failed: seen });
    window.addEventListener('folio:failed', (event) => {
      seen.push((event as CustomEvent).detail);
    });
  });
  const link = `${on.url}/viewer/?doc=${encodeURIComponent(id)}&lang=en#page=1&token=${await token(id)}`;
  await page.goto(link);
  return session;
}

async function expectPainted(on: RunningServer, id: string) {
  const session = await openSigned(on, id);
  const { page } = session;
  try {
    // A DOCX converts first (LibreOffice, seconds).
    await waitForPainted(page, 1, 90_000);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('doc'), id);
    assert.doesNotMatch(page.url(), /token=/);
    assert.deepEqual(session.problems, []);
  } finally {
    await session.close();
  }
}

describe('a nested folder of DOCS_DIR', () => {
  for (const [kind, id] of [
    ['PDF', 'contracts/2026/tracemonkey.pdf'],
    ['DOCX', 'contracts/2026/11/three pages.docx'],
  ] as const) {
    it(`opens a ${kind} by its relative path from a signed link`, () => expectPainted(server, id));
  }
});

describe('an HTTP origin (DOCS_URL)', () => {
  for (const [kind, id] of [
    ['PDF', 'reports/tracemonkey.pdf'],
    ['DOCX', 'reports/2026/three pages.docx'],
  ] as const) {
    it(`opens a ${kind} kept at the origin from a signed link`, () => expectPainted(remote, id));
  }

  it('paints page 1 of a PDF read by ranges before its copy at the server is whole', async () => {
    await expectPainted(remote, 'ranged/tracemonkey.pdf');
    // tracemonkey's 1 MB takes the origin's whole answer ≈ 13 s: page 1 did not wait for it.
    assert.equal(sentWhole.has('ranged/tracemonkey.pdf'), false);
  });

  it('shows a file changed at the origin with its new content on the next open', async () => {
    const pages = async () => {
      const session = await openSigned(remote, 'reports/changing.pdf');
      try {
        await waitForPainted(session.page, 1);
        return await session.page.locator('[data-page-number]').count();
      } finally {
        await session.close();
      }
    };
    assert.equal(await pages(), 2);
    stored.set('reports/changing.pdf', await numberedPdf(5));
    assert.equal(await pages(), 5);
  });

  it('an origin that stopped answering is the clear message and a folio:failed kind', async () => {
    origin.closeAllConnections();
    await new Promise<void>((resolve) => {
      origin.close(() => {
        resolve();
      });
    });
    const session = await openSigned(remote, 'reports/never-fetched.pdf');
    const { page } = session;
    try {
      await page.getByText('The document store cannot be reached').waitFor({ timeout: 30_000 });
      const failed = await page.evaluate(
        () => (window as unknown as { __failed: { kind: string }[] }).__failed,
      );
      assert.equal(failed[0]?.kind, 'sourceUnavailable');
    } finally {
      await session.close();
    }
  });
});

describe('an S3-compatible bucket (S3_BUCKET)', () => {
  it('opens a PDF kept in the bucket from a signed link', () =>
    expectPainted(fromBucket, 'scans/tracemonkey.pdf'));
});
