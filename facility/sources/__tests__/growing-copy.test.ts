/**
 * A copy read while it is written (growing-copy.ts): a reader gets exactly the bytes asked for,
 * each once it is in the file, whether it started before, during or after the fill; a fill that
 * fails before the bytes is an error, at the start or mid-stream.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { GrowingCopy } from '../growing-copy.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-growing-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bytes = randomBytes(3 * 1024 * 1024 + 123);

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function write(sink: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    sink.write(chunk, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

/** A copy and its fill's sink, writing `bytes` in pieces of `piece` when `step` is called. */
async function filling() {
  const copy = new GrowingCopy(path.join(dir, '.fill.tmp'), path.join(dir, 'whole.pdf'));
  const handle = await open(copy.partial, 'wx');
  const sink = copy.sink(handle);
  let at = 0;
  return {
    copy,
    /** Writes the next `piece` bytes. */
    step: async (piece: number) => {
      await write(sink, bytes.subarray(at, at + piece));
      at += piece;
    },
    finish: async () => {
      await handle.close();
      await rename(copy.partial, copy.file);
      copy.end();
    },
    fail: async () => {
      await handle.close();
      copy.end(new Error('the source went away'));
    },
  };
}

test('a reader started before the bytes are written gets them as they come, exactly', async () => {
  const fill = await filling();
  const reading = fill.copy.read(100_000, bytes.length - 1).then(collect);
  for (let n = 0; n < 10; n += 1) await fill.step(bytes.length / 10 + 1);
  await fill.finish();
  expect((await reading).equals(bytes.subarray(100_000))).toBe(true);
});

test('a reader started after the fill reads the whole copy under its final name', async () => {
  const fill = await filling();
  await fill.step(bytes.length);
  await fill.finish();
  const read = await collect(await fill.copy.read(5, 2_000_004));
  expect(read.equals(bytes.subarray(5, 2_000_005))).toBe(true);
});

test('a fill that fails before the first byte asked for rejects the read', async () => {
  const fill = await filling();
  await fill.step(1000);
  const reading = fill.copy.read(50_000, 60_000);
  await fill.fail();
  await expect(reading).rejects.toThrow('the source went away');
});

test('a fill that fails mid-read errors the stream after the bytes it had', async () => {
  const fill = await filling();
  await fill.step(200_000);
  const stream = await fill.copy.read(0, bytes.length - 1);
  const got: Buffer[] = [];
  const reading = (async () => {
    for await (const chunk of stream) got.push(chunk as Buffer);
  })();
  await fill.step(100_000);
  await fill.fail();
  await expect(reading).rejects.toThrow('the source went away');
  const had = Buffer.concat(got);
  expect(had.length).toBeLessThanOrEqual(300_000);
  expect(had.equals(bytes.subarray(0, had.length))).toBe(true);
});
