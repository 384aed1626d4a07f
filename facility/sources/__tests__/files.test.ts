/** Ids are relative paths inside DOCS_DIR: every spelling that could leave it is refused. */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isSafeId, resolveDocument } from '../files.ts';

let root: string;
let docsDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-files-'));
  docsDir = path.join(root, 'docs');
  await mkdir(path.join(docsDir, 'contracts', '2026'), { recursive: true });
  await mkdir(path.join(root, 'outside'));
  await writeFile(path.join(root, 'outside', 'secret.pdf'), 'secret');
  await writeFile(path.join(docsDir, 'flat.pdf'), 'flat');
  await writeFile(path.join(docsDir, 'contracts', '2026', 'acme.docx'), 'acme');
  await writeFile(path.join(docsDir, 'contracts', '2026', 'acme.docx.json'), '{}');
  await writeFile(path.join(docsDir, 'contracts', 'a b ü.pdf'), 'spaces');
  // A folder and a file that are symlinks out of DOCS_DIR, and one that stays inside.
  await symlink(path.join(root, 'outside'), path.join(docsDir, 'escape'));
  await symlink(path.join(root, 'outside', 'secret.pdf'), path.join(docsDir, 'contracts', 'x.pdf'));
  await symlink(path.join(docsDir, 'contracts', '2026'), path.join(docsDir, 'current'));
});

afterAll(() => rm(root, { recursive: true, force: true }));

const HOSTILE: [string, string][] = [
  ['empty', ''],
  ['dot-dot', '..'],
  ['dot-dot segment', 'contracts/../flat.pdf'],
  ['dot-dot out', '../outside/secret.pdf'],
  ['deep dot-dot', 'contracts/2026/../../../outside/secret.pdf'],
  ['dot segment', 'contracts/./2026/acme.docx'],
  ['lone dot', '.'],
  ['absolute', '/etc/passwd'],
  ['absolute nested', '/contracts/2026/acme.docx'],
  ['empty segment', 'contracts//2026/acme.docx'],
  ['trailing slash', 'contracts/2026/'],
  ['backslash', 'contracts\\2026\\acme.docx'],
  ['backslash dot-dot', '..\\outside\\secret.pdf'],
  ['NUL', 'flat.pdf\u0000.txt'],
  ['control character', 'contracts/\u0007acme.docx'],
  ['newline', 'flat.pdf\n'],
  ['C1 control', 'contracts/\u0085.pdf'],
  ['Windows drive', 'C:\\Windows\\win.ini'],
  ['Windows drive, slashes', 'C:/Windows/win.ini'],
  ['drive-relative', 'C:flat.pdf'],
  ['URL', 'http://evil.example/x.pdf'],
  ['file URL', 'file:///etc/passwd'],
  ['encoded dot-dot', '%2e%2e/outside/secret.pdf'],
  ['encoded slash', '..%2Foutside%2Fsecret.pdf'],
  ['encoded backslash', '..%5Coutside'],
  ['encoded NUL', 'flat.pdf%00.txt'],
  ['double-encoded', '%252e%252e/flat.pdf'],
  ['hidden file', '.folio.json'],
  ['hidden folder', '.git/config'],
  ['hidden segment inside', 'contracts/.secret/a.pdf'],
  ['over-long id', `${'a/'.repeat(600)}x.pdf`],
  ['over-long segment', `${'a'.repeat(256)}.pdf`],
];

test.each(HOSTILE)('%s is not an id', (_why, id) => {
  expect(isSafeId(id)).toBe(false);
});

test.each(HOSTILE)('%s never reaches the file system', async (_why, id) => {
  expect(await resolveDocument(docsDir, id)).toEqual({ kind: 'bad_id' });
});

test.each([
  ['a folder symlinked out', 'escape/secret.pdf'],
  ['a file symlinked out, in a subfolder', 'contracts/x.pdf'],
])('%s is refused by its real path', async (_why, id) => {
  expect(isSafeId(id)).toBe(true);
  expect(await resolveDocument(docsDir, id)).toEqual({ kind: 'bad_id' });
});

test.each([
  ['flat.pdf', path.join('flat.pdf')],
  ['contracts/2026/acme.docx', path.join('contracts', '2026', 'acme.docx')],
  ['contracts/a b ü.pdf', path.join('contracts', 'a b ü.pdf')],
  ['current/acme.docx', path.join('current', 'acme.docx')],
])('%s resolves inside DOCS_DIR', async (id, file) => {
  const resolved = await resolveDocument(docsDir, id);
  expect(resolved.kind).toBe('ok');
  if (resolved.kind !== 'ok') return;
  expect(resolved.doc.name).toBe(id);
  expect(resolved.doc.file).toBe(path.join(docsDir, file));
  expect(resolved.doc.stats.isFile()).toBe(true);
});

test.each([
  ['a missing nested file', 'contracts/2026/none.pdf'],
  ['a folder', 'contracts/2026'],
  ['a nested sidecar', 'contracts/2026/acme.docx.json'],
])('%s is not found', async (_why, id) => {
  expect(await resolveDocument(docsDir, id)).toEqual({ kind: 'not_found' });
});
