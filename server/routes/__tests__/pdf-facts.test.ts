/** The parse is done once per version of a file, off the main thread. */
import { rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pdfFacts } from '../../../facility/pdf-facts.ts';
import { makeDocsDir } from './_docs-dir.ts';
import { passwordPdf, plainPdf } from './_fixtures.ts';

jest.setTimeout(30_000);

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function docsDir(files: Record<string, Uint8Array>): Promise<string> {
  const dir = await makeDocsDir(files);
  dirs.push(dir);
  return dir;
}

test('the same file version shares one computation; a new mtime computes again', async () => {
  const dir = await docsDir({ 'a.pdf': await plainPdf(3) });
  const file = path.join(dir, 'a.pdf');
  const first = pdfFacts(file, await stat(file));
  expect(pdfFacts(file, await stat(file))).toBe(first);
  expect((await first).pageCount).toBe(3);

  const later = new Date(Date.now() + 60_000);
  await utimes(file, later, later);
  const changed = pdfFacts(file, await stat(file));
  expect(changed).not.toBe(first);
  expect((await changed).pageCount).toBe(3);
});

test('a password-protected PDF is reported as unreadable, with pdf.js’s reason', async () => {
  const dir = await docsDir({ 'locked.pdf': await passwordPdf() });
  const file = path.join(dir, 'locked.pdf');
  const facts = await pdfFacts(file, await stat(file));
  expect(facts).toMatchObject({ title: null, pageCount: 0, pageSize: [], docOutline: [] });
  expect(facts.error).toMatch(/^PasswordException/);
});
