/**
 * Password-protected office files (conversion/office-password.ts) through the facility as the
 * server wires it: a `.docx` (agile encryption) and an `.xlsx` (standard encryption) encrypted
 * here by officecrypto-tool, an implementation of its own, and decrypted by Debian's
 * msoffcrypto-tool in the sandbox. No password: `password_required`; a wrong one:
 * `password_incorrect`; the right one: the file as it was before it was encrypted, converted to
 * its pages; and what it opened is never served to a request without it. And the legacy RC4
 * encryption of a `.doc` and an `.xls`, which LibreOffice wrote (server/__tests__/fixtures).
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import officeCrypto from 'officecrypto-tool';
import { createFacility } from '../../facility.ts';
import type { Facility } from '../../facility.ts';
import type { Answer } from '../../http/answer.ts';
import { openedByPassword } from '../../policy/passwords.ts';
import { guardFromHereMb } from '../../pool/__tests__/_memory-guard.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../server/__tests__/fixtures');
const PDF_TEXT = path.join(import.meta.dirname, '../../../server/__tests__/_pdf-text.ts');
const PASSWORD = 'Geheim ä1 秘密';
/** locked.doc's and locked.xls's (server/__tests__/fixtures/locked-legacy.py). */
const LEGACY_PASSWORD = 'Geheim ä1';

let dir: string;
let facility: Facility;
const plain = new Map<string, Buffer>();

function errorOf(answer: Answer | null): { status: number; error: unknown } {
  if (answer?.kind !== 'json') throw new Error(`not a JSON answer: ${JSON.stringify(answer)}`);
  return { status: answer.status, error: (answer.body as { error?: unknown }).error };
}

/** The metadata once the conversion is done (it answers `loadedCount: 0` meanwhile). */
async function converted(id: string, password: string): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < 240; tries += 1) {
    const answer = await facility.metadata(id, undefined, undefined, password);
    if (answer?.kind !== 'json' || answer.status !== 200) {
      throw new Error(`${id}: ${JSON.stringify(answer)}`);
    }
    const body = answer.body as Record<string, unknown>;
    if (body.loadedCount === body.pageCount) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${id} did not convert`);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-office-passwords-'));
  const docs = path.join(dir, 'docs');
  await mkdir(docs);
  for (const [name, type] of [
    ['three-pages.docx', undefined],
    ['table.xlsx', 'standard'],
  ] as const) {
    const bytes = await readFile(path.join(FIXTURES, name));
    plain.set(name, bytes);
    const encrypted = officeCrypto.encrypt(bytes, { password: PASSWORD, ...(type && { type }) });
    await writeFile(path.join(docs, `locked-${name}`), encrypted);
  }
  await copyFile(path.join(FIXTURES, 'three-pages.docx'), path.join(docs, 'open.docx'));
  for (const name of ['locked.doc', 'locked.xls']) {
    await copyFile(path.join(FIXTURES, name), path.join(docs, name));
  }
  facility = createFacility({
    docsDir: docs,
    cacheDir: path.join(dir, 'cache'),
    pool: { maxRssMb: guardFromHereMb() },
    // Workbooks as pages: the decrypted file's PDF is what is tested.
    sheetView: 'pages',
  });
});

afterAll(async () => {
  await facility.pool.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['three-pages.docx', 'table.xlsx'])('an encrypted %s', (name) => {
  const id = `locked-${name}`;

  it('asks for the password, refuses a wrong one, and opens as it was with the right one', async () => {
    expect(errorOf(await facility.metadata(id))).toEqual({
      status: 422,
      error: 'password_required',
    });
    expect(errorOf(await facility.metadata(id, undefined, undefined, 'wrong'))).toEqual({
      status: 422,
      error: 'password_incorrect',
    });
    const original = await facility.original(id, undefined, PASSWORD);
    if (original.kind !== 'file') throw new Error(JSON.stringify(original));
    expect((await readFile(original.file)).equals(plain.get(name) ?? Buffer.alloc(0))).toBe(true);
  });

  it('never serves what the password opened to a request without it', async () => {
    expect(errorOf(await facility.original(id))).toEqual({
      status: 422,
      error: 'password_required',
    });
    expect(errorOf(await facility.content(id))).toEqual({
      status: 422,
      error: 'password_required',
    });
    expect(errorOf(await facility.content(id, undefined, `${PASSWORD} `))).toEqual({
      status: 422,
      error: 'password_incorrect',
    });
  });
});

it('converts the decrypted .docx to its pages, and leaves an unencrypted one as it was', async () => {
  const body = await converted('locked-three-pages.docx', PASSWORD);
  expect(body).toEqual(expect.objectContaining({ pageCount: 3, title: 'locked-three-pages' }));
  const content = await facility.content('locked-three-pages.docx', undefined, PASSWORD);
  expect(content.kind).toBe('file');
  // An unencrypted file is opened with or without a password given.
  expect(await facility.original('open.docx', undefined, 'any')).toEqual(
    expect.objectContaining({
      kind: 'file',
      file: expect.stringContaining('open.docx') as unknown,
    }),
  );
  for (const stored of await readdir(path.join(dir, 'cache', 'decrypted'))) {
    expect(stored).toMatch(/^[0-9a-f]{64}-k[0-9a-f]{64}\.(docx|xlsx)$/);
    expect(openedByPassword(stored)).toBe(true);
  }
}, 120_000);

describe.each([
  ['locked.doc', 'Folio legacy Word secret'],
  ['locked.xls', 'Folio legacy Excel secret'],
])('a legacy %s encrypted with RC4', (id, text) => {
  it('asks for the password, refuses a wrong one, and converts with the right one', async () => {
    expect(errorOf(await facility.metadata(id))).toEqual({
      status: 422,
      error: 'password_required',
    });
    expect(errorOf(await facility.metadata(id, undefined, undefined, 'Geheim a1'))).toEqual({
      status: 422,
      error: 'password_incorrect',
    });
    expect(await converted(id, LEGACY_PASSWORD)).toEqual(expect.objectContaining({ pageCount: 1 }));
    const content = await facility.content(id, undefined, LEGACY_PASSWORD);
    if (content.kind !== 'file') throw new Error(JSON.stringify(content));
    expect(
      execFileSync(process.execPath, [PDF_TEXT, content.file], { encoding: 'utf8' }),
    ).toContain(text);
    expect(errorOf(await facility.content(id))).toEqual({
      status: 422,
      error: 'password_required',
    });
  }, 120_000);
});
