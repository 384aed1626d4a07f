/**
 * An MP4's facts read from its index in a pool thread (iso-facts.ts) say what ffprobe says of the
 * files the browser plays as they are, and nothing of the others (ffprobe reads those); a film
 * answered this way needs no ffprobe at all, and what it declares meets the same limits
 * (docs/decisions/2026-12-07-mp4-facts-without-ffprobe.md). Clips made by Debian's ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPool } from '../../pool/pool.ts';
import type { Pool } from '../../pool/pool.ts';
import type { Found } from '../../sources/lookup.ts';
import { readIsoFacts } from '../iso-facts.ts';
import { createMedia } from '../media.ts';
import { DEFAULT_MEDIA_LIMITS, readProbe } from '../probe.ts';

jest.setTimeout(120_000);

const WINDOW = 16 * 1024 * 1024;
let dir: string;
let pool: Pool;

function ffmpeg(name: string, args: string[]): string {
  const out = path.join(dir, name);
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args, out]);
  return out;
}

const picture = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'];
const sound = ['-f', 'lavfi', '-i', 'sine'];

/** ffprobe's facts of `file`, outside any sandbox: what the index's reading is compared with. */
function probed(file: string) {
  const json = execFileSync('ffprobe', [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]).toString();
  return readProbe(json, DEFAULT_MEDIA_LIMITS, path.basename(file));
}

async function found(file: string): Promise<Found> {
  return { doc: { name: path.basename(file), file, stats: await stat(file) }, sidecar: null };
}

let clips: Record<'faststart' | 'tail' | 'voice' | 'mp3' | 'hevc', string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-iso-facts-'));
  pool = createPool({ threads: 1 });
  const twoSeconds = ['-t', '2'];
  clips = {
    faststart: ffmpeg('faststart.mp4', [
      ...picture,
      ...sound,
      ...twoSeconds,
      ...['-c:v', 'libx264', '-c:a', 'aac', '-movflags', '+faststart'],
    ]),
    tail: ffmpeg('tail.mp4', [
      ...picture,
      ...sound,
      ...twoSeconds,
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
    ]),
    voice: ffmpeg('voice.m4a', [...sound, ...twoSeconds, '-c:a', 'aac']),
    mp3: ffmpeg('mp3.mp4', [...sound, ...twoSeconds, '-c:a', 'libmp3lame']),
    hevc: ffmpeg('hevc.mp4', [
      ...picture,
      ...twoSeconds,
      '-c:v',
      'libx265',
      '-x265-params',
      'log-level=error',
    ]),
  };
});
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

test.each(['faststart', 'tail', 'voice', 'mp3'] as const)(
  'the %s clip: the index says what ffprobe says',
  async (clip) => {
    const file = clips[clip];
    expect(await readIsoFacts({ file, windowBytes: WINDOW })).toEqual(probed(file));
  },
);

test('what the browser does not play as it is, or what the reader cannot find, is left to ffprobe', async () => {
  // HEVC: a transcode, which ffprobe's facts decide.
  expect(await readIsoFacts({ file: clips.hevc, windowBytes: WINDOW })).toBeUndefined();
  // An index larger than the window.
  expect(await readIsoFacts({ file: clips.tail, windowBytes: 1024 })).toBeUndefined();
  // No `ftyp` first; a file cut before its index (at its end).
  const bytes = await readFile(clips.tail);
  const noType = path.join(dir, 'no-type.mp4');
  await writeFile(noType, Buffer.concat([Buffer.from('\0\0\0\x08free'), bytes]));
  expect(await readIsoFacts({ file: noType, windowBytes: WINDOW })).toBeUndefined();
  const cut = path.join(dir, 'cut.mp4');
  await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
  expect(await readIsoFacts({ file: cut, windowBytes: WINDOW })).toBeUndefined();
});

describe('through the pool, with no ffprobe on the PATH', () => {
  const path0 = process.env.PATH;
  beforeAll(() => {
    process.env.PATH = '/nonexistent';
  });
  afterAll(() => {
    process.env.PATH = path0;
  });
  const media = () =>
    createMedia({
      cacheDir: dir,
      workDir: tmpdir(),
      pool,
      contentHash: () => Promise.reject(new Error('no hash for a file played as it is')),
    });

  test('an MP4 the browser plays is answered from its index alone', async () => {
    const state = await media().state(await found(clips.faststart));
    expect(state).toMatchObject({
      kind: 'ready',
      file: clips.faststart,
      facts: { kind: 'video', width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' },
    });
  });

  test('an HEVC MP4 still goes to ffprobe (here missing, so said so)', async () => {
    const state = await media().state(await found(clips.hevc));
    expect(state).toMatchObject({ kind: 'failed', answer: { status: 503 } });
  });

  test('ten hours declared in the index meet the same limit as through ffprobe', async () => {
    const bytes = await readFile(clips.faststart);
    // After mvhd's type: version and flags, two dates, the timescale, then the duration.
    const at = bytes.indexOf('mvhd') + 4 + 4 + 8;
    bytes.writeUInt32BE(bytes.readUInt32BE(at) * 36_000, at + 4);
    const tenHours = path.join(dir, 'ten-hours.mp4');
    await writeFile(tenHours, bytes);
    const state = await media().state(await found(tenHours));
    expect(state).toMatchObject({ kind: 'failed', answer: { status: 413 } });
    expect(JSON.stringify(state)).toMatch(/declares 600 minutes; at most 360/);
  });
});
