/**
 * Nested ids on the one server over real HTTP (docs/server.md, "Document sources"): a document in
 * a subfolder of DOCS_DIR opens, converts, draws previews and downloads under its relative path,
 * behind a signed link for exactly that path; the flat ids beside it work as before.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { secretKey } from '../auth-keys.ts';
import { FIXTURES, pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(120_000);

const SECRET = 'a nested-ids test secret of at least 32 bytes';
const PDF_ID = 'contracts/2026/acme.pdf';
const DOCX_ID = 'contracts/2026/11/three pages.docx';
let served: Served;

const token = (doc: string) =>
  new SignJWT({ doc, exp: Math.floor(Date.now() / 1000) + 300, perm: ['download'] })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));

async function get(id: string, rest = '', doc = id) {
  const url = `${served.api}documents/${encodeURIComponent(id)}${rest}`;
  return fetch(url, { headers: { Authorization: `Bearer ${await token(doc)}` } });
}

beforeAll(async () => {
  served = await startServe({
    files: {
      [PDF_ID]: await plainPdf(2),
      [`${PDF_ID}.json`]: JSON.stringify({ title: 'Acme contract', param: { download: true } }),
      [DOCX_ID]: await readFile(path.join(FIXTURES, 'three-pages.docx')),
      'flat.pdf': await plainPdf(1),
    },
    options: { auth: { mode: 'tokens', keys: [secretKey(SECRET)] } },
  });
});

afterAll(() => served.close());

test('a nested PDF opens with its sidecar, content, previews and original under its path', async () => {
  const res = await get(PDF_ID);
  expect(res.status).toBe(200);
  const meta = (await res.json()) as {
    title: string;
    pageCount: number;
    fileUrl: string;
    previews: { url: string };
  };
  expect(meta).toMatchObject({ title: 'Acme contract', pageCount: 2 });
  expect(meta.fileUrl).toBe(`documents/${encodeURIComponent(PDF_ID)}/content`);

  const content = await get(PDF_ID, '/content');
  expect(content.status).toBe(200);
  expect(
    Buffer.from(await content.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  const previewPath = meta.previews.url.replace('{page}', '1').replace('{width}', '240');
  const preview = await fetch(`${served.api}${previewPath}`, {
    headers: { Authorization: `Bearer ${await token(PDF_ID)}` },
  });
  expect(preview.status).toBe(200);
  expect(preview.headers.get('content-type')).toBe('image/webp');

  const original = await get(PDF_ID, '/original');
  expect(original.status).toBe(200);
  // The file's own name, not its folders.
  expect(original.headers.get('content-disposition')).toContain('filename="acme.pdf"');
});

test('a nested DOCX converts and is served under its path', async () => {
  const auth = { Authorization: `Bearer ${await token(DOCX_ID)}` };
  const seen = await pollUntilSettled(served, DOCX_ID, 60_000, auth);
  const last = seen.at(-1);
  expect(last?.status).toBe(200);
  expect(last?.body).toMatchObject({ title: 'three pages', pageCount: 3, loadedCount: 3 });
  const content = await get(DOCX_ID, '/content');
  expect(content.status).toBe(200);
  expect(
    Buffer.from(await content.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test("a token for one nested id opens no other, not even the folder's", async () => {
  expect((await get(PDF_ID, '', 'contracts/2026/other.pdf')).status).toBe(403);
  expect((await get(PDF_ID, '', 'contracts/2026')).status).toBe(403);
  expect(
    (await get('contracts/2026/../../flat.pdf', '', 'contracts/2026/../../flat.pdf')).status,
  ).toBe(400);
});

test('flat ids work as before', async () => {
  const res = await get('flat.pdf');
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ title: 'flat', pageCount: 1 });
});
