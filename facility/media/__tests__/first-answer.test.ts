/**
 * A media file's first answer reads its ends, not the whole file, and waits for no content hash
 * (docs/decisions/2026-12-07-media-first-frame.md): the probe's copy is sparse (probe-window.ts),
 * the facts are keyed by the file's version (media.ts), and a file whose index lies outside the
 * window is probed again whole. Clips made by Debian's ffmpeg, made large by a sparse `free` atom.
 */
import { execFileSync } from 'node:child_process';
import {
  appendFile,
  mkdtemp,
  open,
  readFile,
  rm,
  stat,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Found } from '../../sources/lookup.ts';
import { createMedia } from '../media.ts';
import { copyProbeWindow } from '../probe-window.ts';

jest.setTimeout(60_000);

const MIB = 1024 * 1024;
let dir: string;

/** A 2 s 320×240 H.264/AAC clip; `faststart`: its index before its frames. */
function clip(name: string, faststart: boolean): string {
  const out = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine', '-t', '2', '-c:v', 'libx264', '-c:a', 'aac'],
    ...(faststart ? ['-movflags', '+faststart'] : []),
    out,
  ]);
  return out;
}

/** Appends a `free` atom of `bytes` (a hole on disk): a player and ffprobe skip it. */
async function padded(file: string, bytes: number): Promise<void> {
  const { size } = await stat(file);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(bytes, 0);
  header.write('free', 4, 'latin1');
  await appendFile(file, header);
  await truncate(file, size + bytes);
}

async function found(file: string, name: string): Promise<Found> {
  return { doc: { name, file, stats: await stat(file) }, sidecar: null };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-first-answer-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('copyProbeWindow', () => {
  it('copies a large file’s two ends at their offsets and leaves the middle a hole', async () => {
    const source = path.join(dir, 'large.bin');
    const size = 200 * MIB;
    await writeFile(source, 'HEAD');
    await truncate(source, size);
    const handle = await open(source, 'r+');
    await handle.write('MIDDLE', 100 * MIB);
    await handle.write('TAIL', size - 4);
    await handle.close();
    const copy = path.join(dir, 'large.copy');
    expect(await copyProbeWindow(source, copy, size, 4 * MIB)).toBe(false);
    const copied = await stat(copy);
    expect(copied.size).toBe(size);
    // Two windows written, the rest never: at most 8 MiB on disk (and a block's slack).
    expect(copied.blocks * 512).toBeLessThanOrEqual(8 * MIB + 64 * 1024);
    const bytes = await readFile(copy);
    expect(bytes.subarray(0, 4).toString()).toBe('HEAD');
    expect(bytes.subarray(size - 4).toString()).toBe('TAIL');
    expect(bytes.subarray(100 * MIB, 100 * MIB + 6).equals(Buffer.alloc(6))).toBe(true);
  });

  it('copies a file of at most two windows whole', async () => {
    const source = path.join(dir, 'small.bin');
    await writeFile(source, Buffer.from('0123456789'.repeat(100)));
    const copy = path.join(dir, 'small.copy');
    expect(await copyProbeWindow(source, copy, 1000, 500)).toBe(true);
    expect((await readFile(copy)).equals(await readFile(source))).toBe(true);
  });
});

describe('a media file’s first answer', () => {
  it('answers a 300 MB MP4 the browser plays from its probe alone: no content hash', async () => {
    const film = clip('film.mp4', true);
    await padded(film, 300 * MIB);
    // A hash that never comes: the answer must not wait for it.
    const contentHash = jest.fn(() => new Promise<string>(() => undefined));
    const media = createMedia({ cacheDir: dir, workDir: tmpdir(), contentHash });
    const started = Date.now();
    const state = await media.state(await found(film, 'film.mp4'));
    expect(state).toMatchObject({
      kind: 'ready',
      file: film,
      facts: { kind: 'video', width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' },
    });
    expect(contentHash).not.toHaveBeenCalled();
    // Asked again (the player's ranges): the facts are the version's, not probed again.
    const again = Date.now();
    expect((await media.state(await found(film, 'film.mp4'))).kind).toBe('ready');
    expect(Date.now() - again).toBeLessThan(Date.now() - started);
  });

  it('probes a file again whole when its index lies outside the window', async () => {
    // The index after the frames, and then 1 MB of padding: neither 64 KiB end holds it.
    const film = clip('index-last.mp4', false);
    await padded(film, MIB);
    const contentHash = jest.fn(() => Promise.resolve('unused'));
    const media = createMedia({
      cacheDir: dir,
      workDir: tmpdir(),
      contentHash,
      limits: { probeWindowBytes: 64 * 1024 },
    });
    const state = await media.state(await found(film, 'index-last.mp4'));
    expect(state).toMatchObject({ kind: 'ready', facts: { width: 320, height: 240 } });
    expect(contentHash).not.toHaveBeenCalled();
  });

  it('takes the content hash only for a transcode, whose name in CACHE_DIR it is', async () => {
    const avi = path.join(dir, 'old.avi');
    execFileSync('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10'],
      ...['-t', '1', '-c:v', 'mpeg4', avi],
    ]);
    const contentHash = jest.fn(() => Promise.resolve('a'.repeat(64)));
    const media = createMedia({ cacheDir: dir, workDir: tmpdir(), contentHash });
    let state = await media.state(await found(avi, 'old.avi'));
    for (let tries = 0; state.kind === 'converting' && tries < 20; tries += 1) {
      state = await media.state(await found(avi, 'old.avi'));
    }
    expect(state).toMatchObject({
      kind: 'ready',
      file: path.join(dir, 'media', `${'a'.repeat(64)}.mp4`),
    });
    expect(contentHash).toHaveBeenCalledTimes(1);
  });
});
