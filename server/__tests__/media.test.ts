/**
 * Audio and video through the real `npm run serve` app with signed links (docs/server.md, "Audio
 * and video"): clips made by Debian's ffmpeg in the test, played as they are or transcoded once,
 * their captions, the media tickets, what a view-only reader can and cannot fetch, and each
 * hostile file answered with its reason while health keeps answering.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { secretKey } from '../auth-keys.ts';
import { pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(180_000);

const SECRET = 'm'.repeat(40);
const now = () => Math.floor(Date.now() / 1000);

/** Runs ffmpeg with `args` in `dir` and returns the file it wrote. */
function ffmpeg(dir: string, out: string, args: string[]): Promise<Buffer> {
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args, out], { cwd: dir });
  return readFile(path.join(dir, out));
}

/** `bytes` with `write` applied at the offset after the first `marker` (+ `skip`). */
function patched(
  bytes: Buffer,
  marker: string,
  skip: number,
  write: (b: Buffer, at: number) => void,
) {
  const copy = Buffer.from(bytes);
  const at = copy.indexOf(marker);
  if (at < 0) throw new Error(`${marker} not found`);
  write(copy, at + skip);
  return copy;
}

const RANGE_CAP = 10_000;
const VTT = 'WEBVTT\n\n00:00.000 --> 00:05.000\nHello from the captions\n';
const VTT_ZH = 'WEBVTT\n\n00:00.000 --> 00:05.000\n字幕在这里\n';

let served: Served;
let slow: Served;
let small: Served;
let clipBytes: number;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-media-'));
  try {
    const av = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine'];
    const clip = await ffmpeg(dir, 'clip.mp4', [
      ...av,
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
      '-movflags',
      '+faststart',
    ]);
    clipBytes = clip.length;
    // moov at the end: cut, the file has no index at all.
    const tail = await ffmpeg(dir, 'tail.mp4', [
      ...av,
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
    ]);
    const avi = await ffmpeg(dir, 'old.avi', [...av, '-t', '2', '-c:v', 'mpeg4', '-c:a', 'mp3']);
    const wma = await ffmpeg(dir, 'voice.wma', [
      '-f',
      'lavfi',
      '-i',
      'sine',
      '-t',
      '2',
      '-c:a',
      'wmav2',
    ]);
    const wav = await ffmpeg(dir, 'tone.wav', ['-f', 'lavfi', '-i', 'sine', '-t', '1']);
    const raw = ['-f', 'lavfi', '-i', 'testsrc=size=16x16:rate=1', '-t', '1', '-c:v', 'rawvideo'];
    const tiny = await ffmpeg(dir, 'tiny.avi', [...raw, '-pix_fmt', 'bgr24']);
    const declaring = (side: number) =>
      patched(
        patched(tiny, 'avih', 8 + 32, (b, at) => {
          b.writeUInt32LE(side, at);
          b.writeUInt32LE(side, at + 4);
        }),
        'strf',
        8 + 4,
        (b, at) => {
          b.writeInt32LE(side, at);
          b.writeInt32LE(side, at + 4);
        },
      );
    // mvhd: version, flags, two dates, then the timescale and the duration.
    const tenHours = patched(clip, 'mvhd', 4 + 4 + 8, (b, at) => {
      b.writeUInt32BE(b.readUInt32BE(at) * 36_000, at + 4);
    });
    const longer = await ffmpeg(dir, 'long.avi', [
      ...av,
      '-t',
      '20',
      '-c:v',
      'mpeg4',
      '-q:v',
      '2',
      '-c:a',
      'mp3',
    ]);
    const policy = (param: Record<string, unknown>) =>
      JSON.stringify({ watermarkInfo: { text: '{name}' }, param });
    const files = {
      'talk.mp4': clip,
      'talk.vtt': VTT,
      'talk.zh-CN.vtt': VTT_ZH,
      'secret.mp4': clip,
      'secret.mp4.json': policy({ download: false }),
      'old.avi': avi,
      'voice.wma': wma,
      'tone.wav': wav,
      'truncated.mp4': tail.subarray(0, Math.floor(tail.length / 2)),
      'fake.mp4': '<html><body>not a video</body></html>',
      'wide.avi': declaring(12_000),
      'absurd.avi': declaring(100_000),
      'ten-hours.mp4': tenHours,
    };
    served = await startServe({
      files,
      options: {
        auth: { mode: 'tokens', keys: [secretKey(SECRET)] },
        viewOnly: 'auto',
        // Small, so the clip takes several ranges (default 4 MiB).
        mediaLimits: { viewOnlyRangeBytes: RANGE_CAP },
      },
    });
    slow = await startServe({
      files: { 'long.avi': longer },
      options: { mediaLimits: { transcodeTimeoutMs: 300 } },
    });
    small = await startServe({
      files: { 'old.avi': avi },
      options: { mediaLimits: { maxOutputBytes: 20_000 } },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

afterAll(async () => {
  await Promise.all([served.close(), slow.close(), small.close()]);
});

async function bearer(doc: string, perm?: string[]): Promise<Record<string, string>> {
  const token = await new SignJWT({ doc, name: 'Ada', ...(perm && { perm }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(now() + 600)
    .sign(new TextEncoder().encode(SECRET));
  return { Authorization: `Bearer ${token}` };
}

interface MediaField {
  kind: string;
  url: string;
  mimeType: string;
  duration?: number;
  width?: number;
  height?: number;
  tracks: { url: string; lang?: string }[];
}

async function settled(server: Served, id: string, headers?: Record<string, string>) {
  const seen = await pollUntilSettled(server, id, 120_000, headers);
  const last = seen.at(-1);
  if (!last) throw new Error('no answer');
  return { ...last, seen };
}

async function mediaOf(id: string, perm?: string[]) {
  const meta = await settled(served, id, await bearer(id, perm));
  expect(meta.status).toBe(200);
  expect(meta.body.view).toBe('media');
  return meta.body.media as MediaField;
}

describe('audio and video', () => {
  it('answers an MP4 the browser plays as it is: view media, its URL with a ticket, its captions', async () => {
    const media = await mediaOf('talk.mp4');
    expect(media).toMatchObject({
      kind: 'video',
      mimeType: 'video/mp4',
      width: 320,
      height: 240,
    });
    expect(media.duration).toBeCloseTo(2, 0);
    expect(media.url).toMatch(/^documents\/talk\.mp4\/media\/[\w-]+\.[\w-]+$/);
    expect(media.tracks.map((track) => track.lang ?? 'default')).toEqual(['default', 'zh-CN']);

    // The player's first request: the ticket alone, no Authorization header.
    const whole = await fetch(`${served.api}${media.url}`);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(clipBytes);
    const range = await fetch(`${served.api}${media.url}`, { headers: { Range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-99/${String(clipBytes)}`);
    expect(range.headers.get('etag')).not.toBeNull();

    const track = await fetch(`${served.api}${media.tracks[1]?.url ?? ''}`);
    expect(track.status).toBe(200);
    expect(track.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await track.text()).toBe(VTT_ZH);
    // No PDF for media; the original is the download, behind the bearer token as ever.
    const content = await fetch(`${served.api}documents/talk.mp4/content`, {
      headers: await bearer('talk.mp4'),
    });
    expect(content.status).toBe(404);
    expect(((await content.json()) as { error: string }).error).toBe('no_pages');
  });

  it('refuses a ticket that is forged, of another document, or bare', async () => {
    const media = await mediaOf('talk.mp4');
    const ticket = media.url.split('/').at(-1) ?? '';
    const [body = '', mac = ''] = ticket.split('.');
    const forged = `${Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body, 'base64url').toString()),
        exp: now() + 1e6,
      }),
    ).toString('base64url')}.${mac}`;
    for (const url of [
      `documents/talk.mp4/media/${forged}`,
      `documents/secret.mp4/media/${ticket}`,
      `documents/talk.mp4/media/open`,
      `documents/talk.mp4/tracks/open/default`,
    ]) {
      const res = await fetch(`${served.api}${url}`);
      expect({ url, status: res.status }).toEqual({ url, status: 401 });
    }
  });

  it('gives a view-only reader the player’s ranges only: no whole file, no content, no original', async () => {
    for (const [id, perm] of [
      ['secret.mp4', undefined],
      ['talk.mp4', ['print']],
    ] as const) {
      const media = await mediaOf(id, perm === undefined ? undefined : [...perm]);
      const url = `${served.api}${media.url}`;
      const whole = await fetch(url);
      expect({ id, status: whole.status }).toEqual({ id, status: 403 });
      expect(((await whole.json()) as { error: string }).error).toBe('view_only');
      const several = await fetch(url, { headers: { Range: 'bytes=0-9,20-29' } });
      expect(several.status).toBe(403);
      // Each answer at most the cap, whatever is asked; the player asks again where it ends.
      const parts: Buffer[] = [];
      for (let at = 0; at < clipBytes;) {
        const part = await fetch(url, { headers: { Range: `bytes=${String(at)}-` } });
        expect(part.status).toBe(206);
        const end = Math.min(clipBytes, at + RANGE_CAP) - 1;
        expect(part.headers.get('content-range')).toBe(
          `bytes ${String(at)}-${String(end)}/${String(clipBytes)}`,
        );
        parts.push(Buffer.from(await part.arrayBuffer()));
        at = end + 1;
      }
      expect(Buffer.concat(parts).length).toBe(clipBytes);
      const headers = await bearer(id, perm === undefined ? undefined : [...perm]);
      for (const route of ['content', 'original']) {
        const res = await fetch(`${served.api}documents/${id}/${route}`, { headers });
        expect({ id, route, status: res.status }).toEqual({ id, route, status: 403 });
        expect(((await res.json()) as { error: string }).error).toBe('view_only');
      }
    }
    // Captions are not the media's bytes: a view-only reader reads them.
    const media = await mediaOf('talk.mp4', ['print']);
    const track = await fetch(`${served.api}${media.tracks[0]?.url ?? ''}`);
    expect(await track.text()).toBe(VTT);
  });

  it('serves a reader who may download the whole file, uncut', async () => {
    const media = await mediaOf('talk.mp4');
    const res = await fetch(`${served.api}${media.url}`, { headers: { Range: 'bytes=0-' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(
      `bytes 0-${String(clipBytes - 1)}/${String(clipBytes)}`,
    );
  });

  it('transcodes an AVI (MPEG-4 part 2 and MP3) and a WMA once, to H.264/AAC and AAC', async () => {
    const headers = await bearer('old.avi');
    const meta = await settled(served, 'old.avi', headers);
    const media = meta.body.media as MediaField;
    expect(media).toMatchObject({ kind: 'video', mimeType: 'video/mp4' });
    const res = await fetch(`${served.api}${media.url}`);
    expect(res.status).toBe(200);
    const file = path.join(served.cacheDir, 'transcoded.mp4');
    await import('node:fs/promises').then(({ writeFile }) =>
      res.arrayBuffer().then((bytes) => writeFile(file, Buffer.from(bytes))),
    );
    const streams = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      file,
    ])
      .toString()
      .trim()
      .split('\n');
    expect(streams).toEqual(['h264', 'aac']);
    // Once: the cache holds it under the content hash, and a second open runs no ffmpeg.
    expect(
      (await readdir(path.join(served.cacheDir, 'media'))).filter((f) => f.endsWith('.mp4')),
    ).toHaveLength(1);

    const voice = await mediaOf('voice.wma');
    expect(voice).toMatchObject({ kind: 'audio', mimeType: 'audio/mp4' });
    const tone = await mediaOf('tone.wav');
    expect(tone).toMatchObject({ kind: 'audio', mimeType: 'audio/wav' });
  });

  it.each([
    ['truncated.mp4', 415, 'unsupported', /not audio or video ffprobe can read/],
    ['fake.mp4', 415, 'unsupported', /not audio or video ffprobe can read/],
    ['wide.avi', 413, 'too_large', /12000 × 12000 picture; at most 8192 px a side/],
    [
      'absurd.avi',
      415,
      'unsupported',
      /picture size ffmpeg refuses \(Picture size 100000x100000 is invalid/,
    ],
    ['ten-hours.mp4', 413, 'too_large', /declares 600 minutes; at most 360/],
  ])('answers the hostile %s %i %s, with health up', async (id, status, error, message) => {
    const meta = await settled(served, id, await bearer(id));
    expect({ status: meta.status, error: meta.body.error }).toEqual({ status, error });
    expect(String(meta.body.message)).toMatch(message);
    expect(String(meta.body.message)).not.toMatch(/\/job|\/tmp|\b0x[0-9a-f]{6,}/);
    const started = Date.now();
    const health = await fetch(`${served.api}health`);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops a transcode past its time or its output cap, and says so', async () => {
    const late = await settled(slow, 'long.avi');
    expect({ status: late.status, error: late.body.error }).toEqual({
      status: 413,
      error: 'too_large',
    });
    expect(String(late.body.message)).toMatch(/took longer than 0.3 s and was stopped/);
    const big = await settled(small, 'old.avi');
    expect({ status: big.status, error: big.body.error }).toEqual({
      status: 413,
      error: 'too_large',
    });
    expect(String(big.body.message)).toMatch(/passes 20000 bytes and was stopped/);
    // Nothing cut is kept: asked again, the same answer, and no file in the cache.
    expect((await settled(small, 'old.avi')).body.error).toBe('too_large');
    const cached = await readdir(path.join(small.cacheDir, 'media')).catch(() => []);
    expect(cached).toEqual([]);
  });
});
