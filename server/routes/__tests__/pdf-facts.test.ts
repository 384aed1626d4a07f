/** The parse is done once per content, off the main thread, in the pool; kept in memory and on disk. */
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHasher } from '../../../facility/conversion/convert.ts';
import { createPdfFacts } from '../../../facility/facts/pdf-facts.ts';
import type { CacheOutcome } from '../../../facility/facts/pdf-facts.ts';
import { createPool } from '../../../facility/pool/pool.ts';
import { RANGE_CHUNK } from '../../../src/services/pdf/firstRanges.ts';
import { makeDocsDir } from './_docs-dir.ts';
import { passwordPdf, plainPdf } from './_fixtures.ts';
import { guardFromHereMb } from '../../../facility/pool/__tests__/_memory-guard.ts';

jest.setTimeout(30_000);

const dirs: string[] = [];
const pool = createPool({ threads: 1, maxRssMb: guardFromHereMb() });
afterAll(async () => {
  await pool.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function docsDir(files: Record<string, Uint8Array>): Promise<string> {
  const dir = await makeDocsDir(files);
  dirs.push(dir);
  return dir;
}

async function factsStore(lookups: CacheOutcome[] = []) {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'folio-facts-'));
  dirs.push(cacheDir);
  const contentHash = createHasher();
  return {
    cacheDir,
    pdfFacts: createPdfFacts({ pool, cacheDir, contentHash, onLookup: (o) => lookups.push(o) }),
  };
}

test('one parse per content: concurrent asks share it, a touched file is read from memory', async () => {
  const dir = await docsDir({ 'a.pdf': await plainPdf(3) });
  const file = path.join(dir, 'a.pdf');
  const lookups: CacheOutcome[] = [];
  const { pdfFacts, cacheDir } = await factsStore(lookups);
  const [first, second] = await Promise.all([
    pdfFacts(file, await stat(file)),
    pdfFacts(file, await stat(file)),
  ]);
  expect(first.pageCount).toBe(3);
  // With the bytes page 1 needs, read beside them: here the whole small file, one chunk.
  expect(first.firstPageRanges).toEqual([[0, (await stat(file)).size - 1]]);
  expect(second).toEqual(first);
  expect(lookups).toEqual(['parsed']);

  const later = new Date(Date.now() + 60_000);
  await utimes(file, later, later);
  expect((await pdfFacts(file, await stat(file))).pageCount).toBe(3);
  expect(lookups).toEqual(['parsed', 'memory']);
  expect(
    (await readdir(cacheDir)).filter((name) => name.endsWith(`.facts-${String(RANGE_CHUNK)}.json`)),
  ).toHaveLength(1);
});

test('another server sharing CACHE_DIR reads the facts from disk, without parsing', async () => {
  const dir = await docsDir({ 'b.pdf': await plainPdf(2) });
  const file = path.join(dir, 'b.pdf');
  const first = await factsStore();
  await first.pdfFacts(file, await stat(file));
  const lookups: CacheOutcome[] = [];
  const other = createPdfFacts({
    pool,
    cacheDir: first.cacheDir,
    contentHash: createHasher(),
    onLookup: (o) => lookups.push(o),
  });
  expect((await other(file, await stat(file))).pageCount).toBe(2);
  expect(lookups).toEqual(['disk']);
});

test('facts an older Folio cached, with ranges in another chunk size or none, are read again', async () => {
  const dir = await docsDir({ 'c.pdf': await plainPdf(2) });
  const file = path.join(dir, 'c.pdf');
  const lookups: CacheOutcome[] = [];
  const { pdfFacts, cacheDir } = await factsStore(lookups);
  const hash = await createHasher()(file, await stat(file));
  // What the file would be read as, if an old name were taken: a page count it does not have.
  const stale = JSON.stringify({ pageCount: 99, firstPageRanges: [[0, 65_535]] });
  await writeFile(path.join(cacheDir, `${hash}.facts.json`), stale);
  await writeFile(path.join(cacheDir, `${hash}.facts-65536.json`), stale);
  const facts = await pdfFacts(file, await stat(file));
  expect(facts.pageCount).toBe(2);
  expect(facts.firstPageRanges).toEqual([[0, (await stat(file)).size - 1]]);
  expect(lookups).toEqual(['parsed']);
});

test('a password-protected PDF is reported as unreadable, with pdf.js’s reason', async () => {
  const dir = await docsDir({ 'locked.pdf': await passwordPdf() });
  const file = path.join(dir, 'locked.pdf');
  const { pdfFacts } = await factsStore();
  const facts = await pdfFacts(file, await stat(file));
  expect(facts).toMatchObject({ title: null, pageCount: 0, pageSize: [], docOutline: [] });
  expect(facts.error).toMatch(/^PasswordException/);
});
