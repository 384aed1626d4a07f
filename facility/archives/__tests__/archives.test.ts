/**
 * Archives read from their own directory (docs/server.md, "Archives and e-mail"): every format of
 * the table listed and one entry extracted, names in their encodings, and each cap and hostile
 * archive answered with its code — the zip bomb, overlapping entries, 100 000 entries, names that
 * climb out, symlinks, encryption, nesting.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { createHasher } from '../../conversion/convert.ts';
import { formatOf } from '../../conversion/formats.ts';
import { createArchives } from '../entries.ts';
import { tokenCovers, parseEntryId } from '../entry-id.ts';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS, shownPath } from '../listing.ts';
import type { ArchiveLimits, Lister } from '../listing.ts';
import type { Found } from '../../sources/lookup.ts';
import { buildRar4, buildRar5 } from './_rar.ts';
import { buildZip } from './_zip.ts';

jest.setTimeout(60_000);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-archives-'));
  // The sandboxed readers run as nobody when the tests run as root.
  execFileSync('chmod', ['o+rx', dir]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const LIMITS: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS;

function listerOf(name: string): Lister {
  const format = formatOf(name);
  if (format?.view !== 'listing') throw new Error(`${name} is no listing`);
  return format.lister;
}

async function put(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return file;
}

async function refusal(promise: Promise<unknown>): Promise<ArchiveError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ArchiveError))
    throw new Error(`expected an ArchiveError, got ${String(error)}`);
  return error;
}

async function listAndRead(name: string, bytes: Uint8Array, index: number, limits = LIMITS) {
  const file = await put(name, bytes);
  const lister = listerOf(name);
  const { entries } = await lister.list(file, limits, name);
  const entry = entries.find((candidate) => candidate.index === index);
  if (!entry) throw new Error(`no entry ${String(index)}`);
  const dest = path.join(dir, `${name}.out`);
  await lister.extract(file, entry, dest, limits);
  return { entries, text: await readFile(dest, 'utf8') };
}

describe('names', () => {
  it('reads GBK names written without the UTF-8 flag, and flagged UTF-8 ones', async () => {
    const bytes = buildZip([
      { name: iconv.encode('合同/2026年/报告.txt', 'gbk'), data: Buffer.from('one') },
      { name: iconv.encode('合同/说明文件.txt', 'gbk'), data: Buffer.from('two') },
      { name: '附件/清单.txt', utf8: true, data: Buffer.from('three') },
    ]);
    const { entries, text } = await listAndRead('gbk.zip', bytes, 1);
    expect(entries.map((entry) => entry.path)).toEqual([
      '合同/2026年/报告.txt',
      '合同/说明文件.txt',
      '附件/清单.txt',
    ]);
    expect(text).toBe('one');
  });

  it('reads Shift_JIS names, and CP437 when nothing else fits', async () => {
    const japanese = buildZip([
      { name: iconv.encode('資料/会議の議事録です.txt', 'shift_jis'), data: Buffer.from('a') },
      { name: iconv.encode('資料/見積書と請求書.txt', 'shift_jis'), data: Buffer.from('b') },
    ]);
    const { entries } = await listerOf('sj.zip').list(await put('sj.zip', japanese), LIMITS);
    expect(entries.map((entry) => entry.path)).toEqual([
      '資料/会議の議事録です.txt',
      '資料/見積書と請求書.txt',
    ]);
    const dos = buildZip([{ name: iconv.encode('Café crème/Menü.doc', 'cp437') }]);
    const listed = await listerOf('dos.zip').list(await put('dos.zip', dos), LIMITS);
    expect(listed.entries[0]?.path).toBe('Café crème/Menü.doc');
  });

  it('shows names that climb out, start at the root or use backslashes as plain paths', () => {
    expect(shownPath('../../etc/passwd')).toBe('etc/passwd');
    expect(shownPath('/etc/cron.d/x')).toBe('etc/cron.d/x');
    expect(shownPath('..\\..\\windows\\win.ini')).toBe('windows/win.ini');
    expect(shownPath('a/./b//c')).toBe('a/b/c');
  });
});

describe('each format', () => {
  it('lists and extracts a tar, a .tar.gz, a .tar.bz2, a .tar.xz and a .7z', async () => {
    const source = path.join(dir, 'tree');
    await mkdir(path.join(source, '目录'), { recursive: true });
    await writeFile(path.join(source, '目录', 'a.txt'), 'alpha');
    await writeFile(path.join(source, 'b.md'), '# beta');
    for (const [name, flag] of [
      ['t.tar', ''],
      ['t.tar.gz', 'z'],
      ['t.tgz', 'z'],
      ['t.tar.bz2', 'j'],
      ['t.tar.xz', 'J'],
    ] as const) {
      execFileSync('bsdtar', [`-c${flag}f`, path.join(dir, name), '-C', source, '目录', 'b.md']);
      const file = path.join(dir, name);
      const { entries } = await listerOf(name).list(file, LIMITS);
      expect(entries.map((entry) => [entry.path, entry.type])).toEqual([
        ['目录', 'folder'],
        ['目录/a.txt', 'file'],
        ['b.md', 'file'],
      ]);
      const dest = path.join(dir, `${name}.out`);
      const entry = entries.at(1);
      if (!entry) throw new Error('no entry');
      await listerOf(name).extract(file, entry, dest, LIMITS);
      expect(await readFile(dest, 'utf8')).toBe('alpha');
    }
    execFileSync('7zz', ['a', '-bd', path.join(dir, 't.7z'), '目录', 'b.md'], { cwd: source });
    // Eight at once take their turns (two programs at a time), each answered.
    const lists = await Promise.all(
      Array.from({ length: 8 }, () => listerOf('t.7z').list(path.join(dir, 't.7z'), LIMITS)),
    );
    expect(lists.map((list) => list.entries.length)).toEqual(Array(8).fill(3));
    const { entries } = await listerOf('t.7z').list(path.join(dir, 't.7z'), LIMITS);
    const file = entries.find((entry) => entry.path === '目录/a.txt');
    expect(file?.size).toBe(5);
    if (!file) throw new Error('no entry');
    await listerOf('t.7z').extract(path.join(dir, 't.7z'), file, path.join(dir, '7z.out'), LIMITS);
    expect(await readFile(path.join(dir, '7z.out'), 'utf8')).toBe('alpha');
  });

  it('reads a tar, plain or gzipped, whose names a Windows tool wrote in GBK', async () => {
    /** A ustar header and body for `name` (raw bytes), as such tools write one. */
    const member = (name: Uint8Array, body: string) => {
      const header = Buffer.alloc(512);
      Buffer.from(name).copy(header, 0);
      header.write('0000644\0', 100, 'latin1');
      header.write('0000000\0', 108, 'latin1');
      header.write('0000000\0', 116, 'latin1');
      header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
      header.write('14000000000\0', 136, 'latin1');
      header.write('        ', 148, 'latin1');
      header.write('0', 156, 'latin1');
      header.write('ustar\u000000', 257, 'latin1');
      const sum = header.reduce((total, byte) => total + byte, 0);
      header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
      const data = Buffer.alloc(Math.ceil(body.length / 512) * 512);
      data.write(body, 'latin1');
      return Buffer.concat([header, data]);
    };
    const bytes = Buffer.concat([
      member(iconv.encode('合同/2026年/报告.txt', 'gbk'), 'one'),
      member(Buffer.from('readme.txt'), 'plain'),
      member(iconv.encode('合同/说明文件.txt', 'gbk'), 'two'),
      Buffer.alloc(1024),
    ]);
    const names = ['合同/2026年/报告.txt', 'readme.txt', '合同/说明文件.txt'];
    const plain = await listAndRead('gbk.tar', bytes, 3);
    expect(plain.entries.map((entry) => entry.path)).toEqual(names);
    expect(plain.text).toBe('two');
    const zipped = await listAndRead('gbk.tar.gz', gzipSync(bytes), 1);
    expect(zipped.entries.map((entry) => entry.path)).toEqual(names);
    expect(zipped.text).toBe('one');
  });

  it('lists and extracts RAR 5 and RAR 4 (the committed fixtures, as _rar.ts writes them)', async () => {
    const rar5 = await readFile(path.join(__dirname, 'fixtures', 'tiny.rar'));
    expect(
      buildRar5([
        { name: '合同/说明.txt', data: Buffer.from('RAR5, stored\n') },
        { name: 'notes.md', data: Buffer.from('# Notes\n\nfrom a RAR5 archive\n') },
      ]).equals(rar5),
    ).toBe(true);
    const five = await listAndRead('five.rar', rar5, 1);
    expect(five.entries.map((entry) => entry.path)).toEqual(['合同/说明.txt', 'notes.md']);
    expect(five.entries[0]?.modified).toBe('2021-02-27T00:00:00.000Z');
    expect(five.text).toBe('RAR5, stored\n');
    const rar4 = await readFile(path.join(__dirname, 'fixtures', 'tiny4.rar'));
    expect(
      buildRar4([{ name: 'docs/readme.txt', data: Buffer.from('RAR4, stored\n') }]).equals(rar4),
    ).toBe(true);
    const four = await listAndRead('four.rar', rar4, 1);
    expect(four.entries.map((entry) => entry.path)).toEqual(['docs/readme.txt']);
    expect(four.text).toBe('RAR4, stored\n');
  });

  it('extracts by the name the archive stores (`./` kept), shown without it', async () => {
    const source = path.join(dir, 'dotted');
    await mkdir(source, { recursive: true });
    await writeFile(path.join(source, 'x [1].txt'), 'dotted');
    const file = path.join(dir, 'dotted.tar.xz');
    execFileSync('bsdtar', ['-cJf', file, '-C', source, '.']);
    const { entries } = await listerOf('dotted.tar.xz').list(file, LIMITS);
    const entry = entries.find((candidate) => candidate.path === 'x [1].txt');
    expect(entry?.stored).toBe('./x [1].txt');
    if (!entry) throw new Error('no entry');
    await listerOf('dotted.tar.xz').extract(file, entry, path.join(dir, 'dotted.out'), LIMITS);
    expect(await readFile(path.join(dir, 'dotted.out'), 'utf8')).toBe('dotted');
  });

  it('asks for the password of a 7z whose listing is encrypted, and refuses a 7z bomb by its ratio', async () => {
    const source = path.join(dir, 'seven');
    await mkdir(source, { recursive: true });
    await writeFile(path.join(source, 'zeros.bin'), Buffer.alloc(32 * 1024 * 1024));
    const secret = path.join(dir, 'secret.7z');
    execFileSync('7zz', ['a', '-bd', '-pSECRET', '-mhe=on', secret, 'zeros.bin'], { cwd: source });
    const locked = await refusal(listerOf('secret.7z').list(secret, LIMITS));
    expect(locked.code).toBe('password_required');
    const bomb = path.join(dir, 'bomb.7z');
    execFileSync('7zz', ['a', '-bd', bomb, 'zeros.bin'], { cwd: source });
    const refused = await refusal(listerOf('bomb.7z').list(bomb, LIMITS));
    expect(refused.message).toContain('compression ratio');
  });

  it('lists a lone gzipped file as the one entry it holds', async () => {
    const { entries, text } = await listAndRead('report.txt.gz', gzipSync('plain text'), 1);
    expect(entries).toEqual([
      expect.objectContaining({ path: 'report.txt', size: 10, type: 'file' }),
    ]);
    expect(text).toBe('plain text');
  });
});

describe('hostile archives', () => {
  const zeros = Buffer.alloc(64 * 1024 * 1024);

  it('refuses a zip bomb of deflated zeros by its total inflated bytes, one entry by its ratio', async () => {
    const bomb = buildZip(
      Array.from({ length: 40 }, (_, at) => ({ name: `zeros-${String(at)}.txt`, data: zeros })),
    );
    expect(bomb.length).toBeLessThan(4_000_000);
    const total = await refusal(listerOf('bomb.zip').list(await put('bomb.zip', bomb), LIMITS));
    expect(total.code).toBe('too_large');
    expect(total.message).toContain('total inflated bytes');
    const one = buildZip([{ name: 'zeros.txt', data: zeros }]);
    const ratio = await refusal(listerOf('one.zip').list(await put('one.zip', one), LIMITS));
    expect(ratio.message).toContain('compression ratio');
  });

  it('refuses entries that overlap one another', async () => {
    const data = Buffer.alloc(1000, 'a');
    const overlapping = buildZip([
      { name: 'a.txt', data },
      ...Array.from({ length: 50 }, (_, at) => ({
        name: `copy-${String(at)}.txt`,
        sharesDataOf: 0,
      })),
    ]);
    const error = await refusal(
      listerOf('quine.zip').list(await put('quine.zip', overlapping), LIMITS),
    );
    expect(error.code).toBe('bad_archive');
    expect(error.message).toContain('overlap');
  });

  it('refuses 100 000 empty entries by the entry count, from the directory end alone', async () => {
    const many = buildZip(
      Array.from({ length: 100_000 }, (_, at) => ({ name: `e${String(at)}`, method: 0 as const })),
    );
    const startedAt = Date.now();
    const error = await refusal(listerOf('many.zip').list(await put('many.zip', many), LIMITS));
    expect(error.message).toContain('100000 entries; the cap on entry count is 20000');
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('cuts an entry whose bytes pass their cap while it is extracted, whatever it declared', async () => {
    const file = await put(
      'big.zip',
      buildZip([{ name: 'big.txt', data: Buffer.alloc(3 * 1024 * 1024, 'x') }]),
    );
    const limits = { ...LIMITS, maxEntryBytes: 1024 * 1024 };
    const lister = listerOf('big.zip');
    const error = await refusal(
      lister.extract(
        file,
        { index: 1, path: 'big.txt', type: 'file' },
        path.join(dir, 'big.out'),
        limits,
      ),
    );
    expect(error.message).toContain("the cap on one entry's bytes");
    await expect(stat(path.join(dir, 'big.out'))).rejects.toThrow();
  });

  it('lists an encrypted entry and asks for the password to open it', async () => {
    const file = await put(
      'secret.zip',
      buildZip([{ name: 'secret.pdf', data: Buffer.from('x'), encrypted: true }]),
    );
    const { entries } = await listerOf('secret.zip').list(file, LIMITS);
    expect(entries[0]).toEqual(expect.objectContaining({ encrypted: true }));
    const entry = entries.at(0);
    if (!entry) throw new Error('no entry');
    const error = await refusal(
      listerOf('secret.zip').extract(file, entry, path.join(dir, 's.out'), LIMITS),
    );
    expect(error.code).toBe('password_required');
  });
});

describe('entries as documents', () => {
  const hasher = createHasher();

  async function found(name: string, bytes: Uint8Array): Promise<Found> {
    const file = await put(`docs/${name}`, bytes);
    return { doc: { name, file, stats: await stat(file) }, sidecar: null };
  }

  it('names an entry by index, nested too, and a token for the archive covers them', () => {
    expect(parseEntryId('a.zip!3')).toEqual({ archive: 'a.zip', indices: [3] });
    expect(parseEntryId('dir/a!1.zip!3!2')).toEqual({ archive: 'dir/a!1.zip', indices: [3, 2] });
    expect(parseEntryId('report!2')).toBeUndefined();
    expect(parseEntryId('a.zip!0')).toBeUndefined();
    expect(tokenCovers('a.zip', 'a.zip!3!2')).toBe(true);
    expect(tokenCovers('a.zip', 'b.zip!3')).toBe(false);
    expect(tokenCovers('a.pdf', 'a.pdf!1')).toBe(false);
  });

  it('extracts only the entry asked for, by content hash, and opens an archive inside an archive', async () => {
    const cacheDir = path.join(dir, 'cache');
    const archives = createArchives({ cacheDir, contentHash: hasher });
    const inner = buildZip([{ name: 'deep/note.txt', data: Buffer.from('nested') }]);
    const outer = await found(
      'outer.zip',
      buildZip([
        { name: 'inner.zip', data: inner },
        { name: '../../escape.txt', data: Buffer.from('no') },
        { name: 'link', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
      ]),
    );
    const find = (id: string) =>
      Promise.resolve(
        id === 'outer.zip' ? outer : { kind: 'json' as const, status: 404, body: {} },
      );
    const opened = await archives.open('outer.zip!1!1', find);
    if (opened === undefined || !('doc' in opened)) throw new Error(JSON.stringify(opened));
    expect(opened.doc.shownName).toBe('note.txt');
    expect(await readFile(opened.doc.file, 'utf8')).toBe('nested');
    expect(path.dirname(opened.doc.file)).toBe(path.join(cacheDir, 'entries'));
    // The climbing name is extracted under the archive's hash, never under its name.
    const escaped = await archives.open('outer.zip!2', find);
    if (escaped === undefined || !('doc' in escaped)) throw new Error('not opened');
    expect(path.basename(escaped.doc.file)).toMatch(/^[0-9a-f]{64}-2\.txt$/);
    const link = await archives.open('outer.zip!3', find);
    expect(link).toEqual(
      expect.objectContaining({
        status: 415,
        body: expect.objectContaining({ error: 'unsupported' }) as unknown,
      }),
    );
  });

  it('refuses ten archives deep by the nesting cap', async () => {
    const archives = createArchives({ cacheDir: path.join(dir, 'cache'), contentHash: hasher });
    let bytes: Uint8Array = buildZip([{ name: 'last.txt', data: Buffer.from('bottom') }]);
    for (let level = 0; level < 10; level += 1)
      bytes = buildZip([{ name: `level-${String(level)}.zip`, data: bytes, method: 0 }]);
    const top = await found('deep.zip', bytes);
    const find = () => Promise.resolve(top);
    const tenDeep = `deep.zip${'!1'.repeat(11)}`;
    expect(await archives.open(tenDeep, find)).toEqual(
      expect.objectContaining({
        status: 413,
        body: expect.objectContaining({
          error: 'too_large',
          message: expect.stringContaining('nesting depth') as unknown,
        }) as unknown,
      }),
    );
    const fiveDeep = await archives.open(`deep.zip${'!1'.repeat(5)}`, find);
    expect(fiveDeep && 'doc' in fiveDeep).toBe(true);
  });
});
