/**
 * The facility's archives wired as the server wires them (facility.ts): an entry is a document,
 * so `MAX_FILE_MB` caps its bytes too when it is below the archives' own cap.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFacility } from '../../facility.ts';
import type { Facility } from '../../facility.ts';
import { buildZip } from './_zip.ts';
import { guardFromHereMb } from '../../pool/__tests__/_memory-guard.ts';

let dir: string;
let facility: Facility;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-archive-facility-'));
  await writeFile(
    path.join(dir, 'big.zip'),
    buildZip([
      {
        // 8 MB of four letters at random: it packs about four times, under 3 MB.
        name: 'big.txt',
        data: Buffer.from(randomBytes(8 * 1024 * 1024).map((byte) => 'acgt'.charCodeAt(byte % 4))),
      },
      { name: 'small.txt', data: Buffer.from('small') },
    ]),
  );
  facility = createFacility({
    pool: { maxRssMb: guardFromHereMb() },
    docsDir: dir,
    cacheDir: path.join(dir, '.cache'),
    maxBytes: 3 * 1024 * 1024,
  });
});

afterAll(async () => {
  await facility.pool.close();
  await rm(dir, { recursive: true, force: true });
});

it('refuses an entry over MAX_FILE_MB by the cap on one entry, and lists the archive', async () => {
  const listing = await facility.metadata('big.zip');
  expect(listing).toEqual(expect.objectContaining({ status: 200 }));
  const cut = await facility.metadata('big.zip!1');
  expect(cut).toEqual(
    expect.objectContaining({
      status: 413,
      body: expect.objectContaining({
        error: 'too_large',
        message: expect.stringContaining("one entry's bytes") as unknown,
      }) as unknown,
    }),
  );
});
