/**
 * Archives in an S3 bucket (docs/server.md, "Archives and e-mail", "Document sources"): a 7z kept
 * in the bucket is copied as any document is, listed, and its PDF opened by its entry id.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3 } from '../../facility/sources/__tests__/_s3.ts';
import type { S3Server } from '../../facility/sources/__tests__/_s3.ts';
import { createS3Source } from '../../facility/sources/s3-source.ts';
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(120_000);

let s3: S3Server;
let served: Served;

beforeAll(async () => {
  s3 = await startS3('docs');
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-s3-7z-'));
  try {
    await writeFile(path.join(dir, '报价.pdf'), await plainPdf(2));
    execFileSync('7zz', ['a', '-bd', 'supplier.7z', '报价.pdf'], { cwd: dir });
    await s3.put('library/in/supplier.7z', await readFile(path.join(dir, 'supplier.7z')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  served = await startServe({
    options: { source: createS3Source({ bucket: 'docs', prefix: 'library/', client: s3.config }) },
  });
});

afterAll(async () => {
  await served.close();
  await s3.close();
});

test('a 7z in the bucket is listed and its PDF opens by entry id', async () => {
  const id = 'in/supplier.7z';
  const listing = await fetch(`${served.api}documents/${encodeURIComponent(id)}`);
  expect(await listing.json()).toMatchObject({
    view: 'listing',
    listing: { kind: 'archive', entries: [{ id: `${id}!1`, path: '报价.pdf', opens: true }] },
  });
  const entry = await fetch(`${served.api}documents/${encodeURIComponent(`${id}!1`)}`);
  expect(entry.status).toBe(200);
  expect(await entry.json()).toMatchObject({ title: '报价', pageCount: 2 });
});
