/**
 * Encrypted archives opened with the reader's password (docs/server.md, "Passwords"), through the
 * facility as the server wires it: a zip of ZipCrypto and one of AES entries, a 7z whose listing
 * is encrypted too, each built here by 7zz. Without the password an entry answers
 * `password_required`, with a wrong one `password_incorrect`, with the right one its bytes; what
 * the password opened is never found by a request without it. The same for RAR 5, read by
 * The Unarchiver (rar.ts), from public samples (fixtures/README.md): no free program writes an
 * encrypted RAR. And a Deflate64 entry, which yauzl does not inflate, extracted by 7zz.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { createFacility } from '../../facility.ts';
import type { Facility } from '../../facility.ts';
import type { Answer } from '../../http/answer.ts';
import { guardFromHereMb } from '../../pool/__tests__/_memory-guard.ts';

const PASSWORD = 'Geheim ä1 秘密';
/** 7zz writes a zip's password (ZipCrypto or AES) in ASCII only. */
const ASCII_PASSWORD = 'Geheim 1 x';
const SECRET_TEXT = 'the secret text of the entry\n';

let dir: string;
let facility: Facility;

function errorOf(answer: Answer | null): { status: number; error: unknown } {
  if (answer?.kind !== 'json') throw new Error(`not a JSON answer: ${JSON.stringify(answer)}`);
  return { status: answer.status, error: (answer.body as { error?: unknown }).error };
}

async function bytesOf(answer: Answer): Promise<string> {
  if (answer.kind !== 'file') throw new Error(`not a file: ${JSON.stringify(answer)}`);
  return readFile(answer.file, 'utf8');
}

/**
 * A RAR 4 whose main header says its other headers are encrypted (`MHD_PASSWORD`, 0x0080), then a
 * salt and cipher text: what WinRAR 3.x writes with "encrypt file names", as far as a lister sees.
 */
function rar4WithEncryptedHeaders(): Buffer {
  const header = Buffer.from([0x73, 0x80, 0x00, 13, 0, 0, 0, 0, 0, 0, 0]);
  const crc = Buffer.alloc(2);
  crc.writeUInt16LE(crc32(header) & 0xffff);
  return Buffer.concat([Buffer.from('Rar!\x1a\x07\x00', 'latin1'), crc, header, randomBytes(72)]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-archive-passwords-'));
  const source = path.join(dir, 'source');
  await mkdir(source);
  await writeFile(path.join(source, 'secret.txt'), SECRET_TEXT);
  await writeFile(path.join(source, 'plain.txt'), 'plain\n'.repeat(4096));
  const docs = path.join(dir, 'docs');
  await mkdir(docs);
  const sevenZip = (archive: string, ...args: string[]) => {
    execFileSync('7zz', ['a', '-bd', ...args, path.join(docs, archive), 'secret.txt'], {
      cwd: source,
      stdio: 'ignore',
    });
  };
  sevenZip('zipcrypto.zip', `-p${ASCII_PASSWORD}`, '-mem=ZipCrypto');
  sevenZip('aes.zip', `-p${ASCII_PASSWORD}`, '-mem=AES256');
  sevenZip('headers.7z', `-p${PASSWORD}`, '-mhe=on');
  execFileSync(
    '7zz',
    ['a', '-bd', '-tzip', '-mm=Deflate64', path.join(docs, 'deflate64.zip'), 'plain.txt'],
    { cwd: source, stdio: 'ignore' },
  );
  for (const sample of ['rar5-psw.rar', 'rar5-hpsw.rar', 'rar4-encrypted.rar']) {
    await copyFile(path.join(__dirname, 'fixtures', sample), path.join(docs, sample));
  }
  await writeFile(path.join(docs, 'rar4-headers.rar'), rar4WithEncryptedHeaders());
  facility = createFacility({
    docsDir: docs,
    cacheDir: path.join(dir, 'cache'),
    pool: { maxRssMb: guardFromHereMb() },
  });
});

afterAll(async () => {
  await facility.pool.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['zipcrypto.zip', ASCII_PASSWORD],
  ['aes.zip', ASCII_PASSWORD],
])('%s', (archive, password) => {
  it('lists its encrypted entry, and opens it only with the right password', async () => {
    const listing = await facility.metadata(archive);
    expect(listing).toEqual(
      expect.objectContaining({
        status: 200,
        body: expect.objectContaining({
          listing: expect.objectContaining({
            entries: [expect.objectContaining({ id: `${archive}!1`, path: 'secret.txt' })],
          }) as unknown,
        }) as unknown,
      }),
    );
    const entry = `${archive}!1`;
    expect(errorOf(await facility.original(entry))).toEqual({
      status: 422,
      error: 'password_required',
    });
    expect(errorOf(await facility.original(entry, undefined, 'wrong'))).toEqual({
      status: 422,
      error: 'password_incorrect',
    });
    expect(await bytesOf(await facility.original(entry, undefined, password))).toBe(SECRET_TEXT);
    // Opened once with the password, the entry is still refused without it, or with another.
    expect(errorOf(await facility.original(entry))).toEqual({
      status: 422,
      error: 'password_required',
    });
    expect(errorOf(await facility.original(entry, undefined, `${password}x`))).toEqual({
      status: 422,
      error: 'password_incorrect',
    });
  });
});

it('asks for the password of a 7z whose listing is encrypted, and lists and opens it with it', async () => {
  expect(errorOf(await facility.metadata('headers.7z'))).toEqual({
    status: 422,
    error: 'password_required',
  });
  expect(errorOf(await facility.metadata('headers.7z', undefined, undefined, 'nope'))).toEqual({
    status: 422,
    error: 'password_incorrect',
  });
  const listed = await facility.metadata('headers.7z', undefined, undefined, PASSWORD);
  expect(listed).toEqual(
    expect.objectContaining({
      status: 200,
      body: expect.objectContaining({
        listing: expect.objectContaining({
          entries: [expect.objectContaining({ path: 'secret.txt', size: SECRET_TEXT.length })],
        }) as unknown,
      }) as unknown,
    }),
  );
  expect(await bytesOf(await facility.original('headers.7z!1', undefined, PASSWORD))).toBe(
    SECRET_TEXT,
  );
  // The listing the password opened is kept under it: without it, the question again.
  expect(errorOf(await facility.metadata('headers.7z'))).toEqual({
    status: 422,
    error: 'password_required',
  });
  expect(errorOf(await facility.original('headers.7z!1'))).toEqual({
    status: 422,
    error: 'password_required',
  });
});

/** What each entry of the rarfile samples holds: `000\n` to `511\n`. */
const RAR_SAMPLE_TEXT = Array.from(
  { length: 512 },
  (_, at) => `${String(at).padStart(3, '0')}\n`,
).join('');

function entriesOf(answer: Answer | null): { path: string; encrypted?: boolean }[] {
  if (answer?.kind !== 'json' || answer.status !== 200) {
    throw new Error(`not a listing: ${JSON.stringify(answer)}`);
  }
  const { listing } = answer.body as {
    listing: { entries: { path: string; encrypted?: boolean }[] };
  };
  return listing.entries.map(({ path: shown, encrypted }) => ({ path: shown, encrypted }));
}

it('lists a RAR 5 whose entries are encrypted, and opens one only with the right password', async () => {
  expect(entriesOf(await facility.metadata('rar5-psw.rar'))).toEqual([
    { path: 'stest1.txt', encrypted: true },
    { path: 'stest2.txt', encrypted: true },
  ]);
  const entry = 'rar5-psw.rar!1';
  expect(errorOf(await facility.original(entry))).toEqual({
    status: 422,
    error: 'password_required',
  });
  expect(errorOf(await facility.original(entry, undefined, 'wrong'))).toEqual({
    status: 422,
    error: 'password_incorrect',
  });
  expect(await bytesOf(await facility.original(entry, undefined, 'password'))).toBe(
    RAR_SAMPLE_TEXT,
  );
  expect(errorOf(await facility.original(entry))).toEqual({
    status: 422,
    error: 'password_required',
  });
  expect(errorOf(await facility.original(entry, undefined, 'passwordx'))).toEqual({
    status: 422,
    error: 'password_incorrect',
  });
});

it('asks for the password of a RAR 5 whose listing is encrypted, and lists and opens it with it', async () => {
  expect(errorOf(await facility.metadata('rar5-hpsw.rar'))).toEqual({
    status: 422,
    error: 'password_required',
  });
  expect(errorOf(await facility.metadata('rar5-hpsw.rar', undefined, undefined, 'nope'))).toEqual({
    status: 422,
    error: 'password_incorrect',
  });
  expect(
    entriesOf(await facility.metadata('rar5-hpsw.rar', undefined, undefined, 'password')),
  ).toEqual([
    { path: 'stest1.txt', encrypted: true },
    { path: 'stest2.txt', encrypted: true },
  ]);
  expect(await bytesOf(await facility.original('rar5-hpsw.rar!2', undefined, 'password'))).toBe(
    RAR_SAMPLE_TEXT,
  );
  expect(errorOf(await facility.original('rar5-hpsw.rar!2'))).toEqual({
    status: 422,
    error: 'password_required',
  });
});

it('opens the plain entries of a RAR 4 and says at once that its encrypted ones cannot be opened here', async () => {
  expect(entriesOf(await facility.metadata('rar4-encrypted.rar'))).toEqual([
    { path: 'a.txt' },
    { path: 'b.txt', encrypted: true },
    { path: 'c.txt' },
    { path: 'd.txt', encrypted: true },
  ]);
  expect(await bytesOf(await facility.original('rar4-encrypted.rar!3'))).toBe('This is from c.txt');
  // Debian's unar 1.10.1 does not decrypt RAR 4 (docs/decisions/2026-12-06-rar-passwords.md): no
  // password is asked for, since none would open it, and the right one changes nothing.
  for (const password of [undefined, 'password']) {
    expect(errorOf(await facility.original('rar4-encrypted.rar!2', undefined, password))).toEqual({
      status: 415,
      error: 'unsupported',
    });
  }
});

it('says a RAR 4 with encrypted names cannot be listed here, with or without a password', async () => {
  for (const password of [undefined, 'password']) {
    const answer = await facility.metadata('rar4-headers.rar', undefined, undefined, password);
    expect(errorOf(answer)).toEqual({ status: 415, error: 'unsupported' });
    expect(JSON.stringify(answer)).toContain('RAR 4 encryption');
  }
});

it('names what a password opened by a keyed hash, never by the password', async () => {
  const names = await readdir(path.join(dir, 'cache', 'entries'));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    expect(name).not.toContain(PASSWORD);
    expect(name).not.toContain(ASCII_PASSWORD);
    expect(name).toMatch(/^[0-9a-f]{64}-\d+(-k[0-9a-f]{64})?\.txt$/);
  }
});

it('extracts a Deflate64 entry with 7zz, which yauzl does not inflate', async () => {
  expect(await bytesOf(await facility.original('deflate64.zip!1'))).toBe('plain\n'.repeat(4096));
});
