/**
 * `npm run serve` converts office files and images with LibreOffice over real HTTP: progress while
 * converting, the right page count, the content-hash cache, the timeout that kills soffice, a
 * missing converter, and a shutdown that finishes running conversions.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { SpawnOptions } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { deflateSync, crc32 } from 'node:zlib';
import { getMeta, pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

// LibreOffice starts in ~2–3 s on an idle machine; much slower while other builds run.
jest.setTimeout(180_000);

/** soffice processes whose command line names `dir` (each job's profile lives under it). */
function sofficeProcessesUnder(dir: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', dir], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** A w×h RGB PNG of one colour, written by hand (zlib has deflate and crc32). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The smallest GIF (1×1): pdf-lib cannot embed it, so LibreOffice Draw converts it. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe('office files with LibreOffice', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe({
      fixtures: ['three-pages.docx', 'table.xlsx', 'two-slides.pptx'],
      files: { 'photo.png': png(40, 30), 'dot.gif': GIF, 'notes.txt': 'Folio\n' },
      // The workbook as pages (SHEET_VIEW=pages): its conversion is what this file tests.
      options: { sheetView: 'pages' },
    });
  });
  afterAll(() => served.close());

  test.each([
    ['three-pages.docx', 3],
    ['table.xlsx', 1],
    ['two-slides.pptx', 2],
    ['notes.txt', 1],
    ['dot.gif', 1],
  ])('%s converts: progress first, then %i pages, served as a PDF', async (id, pages) => {
    const spawnsBefore = served.spawns();
    const seen = await pollUntilSettled(served, id);
    const [first] = seen;
    const last = seen.at(-1);
    // The first answer comes while LibreOffice runs: 0 of a page count still unknown.
    expect(first).toMatchObject({ status: 200, body: { loadedCount: 0, pageCount: 1 } });
    expect(last?.status).toBe(200);
    expect(last?.body).toMatchObject({ pageCount: pages, loadedCount: pages });
    expect(last?.body.pageSize).toHaveLength(pages);
    expect(served.spawns()).toBe(spawnsBefore + 1);

    const content = await fetch(`${served.api}documents/${id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await content.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  test('a second open is served from the cache: no second LibreOffice run', async () => {
    await pollUntilSettled(served, 'three-pages.docx');
    const spawnsBefore = served.spawns();
    const again = await getMeta(served, 'three-pages.docx');
    expect(again.body).toMatchObject({ pageCount: 3, loadedCount: 3 });
    expect(served.spawns()).toBe(spawnsBefore);
  });

  test('another server over the same CACHE_DIR finds the conversion by content hash', async () => {
    await pollUntilSettled(served, 'table.xlsx');
    const other = await startServe({
      fixtures: ['table.xlsx'],
      cacheDir: served.cacheDir,
      options: { sofficePath: '/nonexistent/soffice', sheetView: 'pages' },
    });
    try {
      const meta = await getMeta(other, 'table.xlsx');
      expect(meta.body).toMatchObject({ pageCount: 1, loadedCount: 1 });
      expect(other.spawns()).toBe(0);
    } finally {
      await other.close();
    }
  });

  test('PNG becomes one page of the image size, without LibreOffice', async () => {
    const spawnsBefore = served.spawns();
    const [meta] = await pollUntilSettled(served, 'photo.png');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1, loadedCount: 1 } });
    expect(meta.body.pageSize).toEqual([{ width: 40, height: 30 }]);
    expect(served.spawns()).toBe(spawnsBefore);
  });

  test('the original is the uploaded file, as an attachment', async () => {
    const res = await fetch(`${served.api}documents/two-slides.pptx/original`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="two-slides.pptx"');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });

  test('no soffice process is left once the conversions are done', () => {
    expect(sofficeProcessesUnder(served.workDir)).toEqual([]);
  });
});

test('a conversion over the timeout is killed with its process tree and reported', async () => {
  const served = await startServe({
    fixtures: ['three-pages.docx'],
    options: { convertTimeoutMs: 300 },
  });
  try {
    const seen = await pollUntilSettled(served, 'three-pages.docx');
    const last = seen.at(-1);
    expect(served.spawns()).toBe(1);
    expect(last?.status).toBe(502);
    expect(last?.body).toMatchObject({ error: 'conversion_failed' });
    expect(String(last?.body.message)).toMatch(/longer than 0.3 s/);
    expect(sofficeProcessesUnder(served.workDir)).toEqual([]);
    // Remembered: polling again reports the failure without starting LibreOffice again.
    expect((await getMeta(served, 'three-pages.docx')).status).toBe(502);
    const content = await fetch(`${served.api}documents/three-pages.docx/content`);
    expect(content.status).toBe(502);
    expect(served.spawns()).toBe(1);
  } finally {
    await served.close();
  }
});

test('without LibreOffice, office files say so and PDFs still open', async () => {
  const served = await startServe({
    fixtures: ['three-pages.docx'],
    files: { 'scan.png': png(4, 4) },
    options: { sofficePath: '/nonexistent/soffice' },
  });
  try {
    const meta = await getMeta(served, 'three-pages.docx');
    expect(meta.status).toBe(503);
    expect(meta.body.error).toBe('converter_not_installed');
    expect(String(meta.body.message)).toContain('LibreOffice');
    expect((await fetch(`${served.api}documents/three-pages.docx/content`)).status).toBe(503);
    // pdf-lib's images need no LibreOffice.
    expect((await getMeta(served, 'scan.png')).body).toMatchObject({ pageCount: 1 });
    expect(served.spawns()).toBe(0);
    const health = (await (await fetch(`${served.api}health`)).json()) as Record<string, unknown>;
    expect(health.converters).toEqual({ libreoffice: false });
  } finally {
    await served.close();
  }
});

test('the queue runs CONVERT_CONCURRENCY jobs at once; the others wait their turn', async () => {
  let running = 0;
  let most = 0;
  const watchingSpawn = (command: string, args: readonly string[], options: SpawnOptions) => {
    const child = spawn(command, args, options);
    running += 1;
    most = Math.max(most, running);
    child.once('exit', () => {
      running -= 1;
    });
    return child;
  };
  const served = await startServe({
    fixtures: ['three-pages.docx', 'two-slides.pptx'],
    options: { concurrency: 1, spawn: watchingSpawn },
  });
  try {
    const settled = await Promise.all(
      ['three-pages.docx', 'two-slides.pptx'].map((id) => pollUntilSettled(served, id)),
    );
    expect(settled.map((seen) => seen.at(-1)?.body.pageCount)).toEqual([3, 2]);
    expect(most).toBe(1);
  } finally {
    await served.close();
  }
});

test('shutdown finishes a running conversion before closing', async () => {
  const served = await startServe({ fixtures: ['two-slides.pptx'] });
  // A failed expectation must still close the server, or jest never exits.
  try {
    const [first] = await Promise.all([getMeta(served, 'two-slides.pptx')]);
    expect(first.body).toMatchObject({ loadedCount: 0 });
    await served.app.close(); // resolves once the conversion has finished
    const cached = (await readdir(served.cacheDir)).filter((name) => name.endsWith('.pdf'));
    expect(cached).toHaveLength(1);
    expect(sofficeProcessesUnder(served.workDir)).toEqual([]);
  } finally {
    await served.close();
  }
});
