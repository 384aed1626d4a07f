/**
 * A file the browser does not play as it is (`.avi`, `.mkv`, a `.mov` in ProRes…) made once into
 * one it does (docs/server.md, "Audio and video"): H.264 and AAC in MP4 for video, AAC in MP4
 * (`.m4a`) for audio — what Debian's ffmpeg encodes (libx264, its own AAC) and Debian's Chromium
 * plays — its index at the front (`+faststart`) so the player's first range holds it. ffmpeg runs
 * in the sandbox (run.ts): only the `file` protocol, no stdin, two threads, the address-space and
 * time limits, its output capped (`-fs`, then checked: a cut file is refused, never served).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConversionError } from '../conversion/failures.ts';
import { inJail } from '../sandbox/jail.ts';
import type { MediaFacts, MediaLimits } from './probe.ts';
import { runJailed } from '../sandbox/run.ts';
import { mediaProgram } from './run.ts';
import type { MediaJob } from './run.ts';

/** The extension a transcoded file is cached under. */
export function transcodedExtension(kind: MediaFacts['kind']): '.mp4' | '.m4a' {
  return kind === 'video' ? '.mp4' : '.m4a';
}

/** ffmpeg's arguments: first video and audio streams, ≤ 1920 px wide, even sides, no metadata. */
export function transcodeArgs(
  input: string,
  output: string,
  kind: MediaFacts['kind'],
  limits: Pick<MediaLimits, 'maxOutputBytes' | 'maxDurationS'>,
): string[] {
  const video =
    kind === 'video'
      ? [
          '-map',
          '0:v:0',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-pix_fmt',
          'yuv420p',
          '-vf',
          "scale='min(1920,iw)':-2",
        ]
      : ['-vn'];
  return [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-i',
    input,
    ...video,
    '-map',
    '0:a:0?',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-map_metadata',
    '-1',
    '-sn',
    '-dn',
    '-threads',
    '2',
    '-t',
    String(limits.maxDurationS),
    '-fs',
    String(limits.maxOutputBytes),
    '-movflags',
    '+faststart',
    '-y',
    output,
  ];
}

/** Transcodes the job's input to `<work>/output<ext>`; returns that file. Throws ConversionError. */
export async function transcode(
  job: MediaJob,
  facts: MediaFacts,
  limits: MediaLimits,
  name: string,
): Promise<string> {
  const ffmpeg = await mediaProgram('ffmpeg');
  const output = path.join(job.work, `output${transcodedExtension(facts.kind)}`);
  const result = await runJailed(
    job,
    ffmpeg,
    transcodeArgs(inJail(job, job.input), inJail(job, output), facts.kind, limits),
    { timeoutMs: limits.transcodeTimeoutMs, memoryMb: limits.memoryMb, maxStdoutBytes: 64 * 1024 },
  );
  if (result.timedOut) {
    throw new ConversionError(
      'too_large',
      `transcoding ${name} took longer than ${String(limits.transcodeTimeoutMs / 1000)} s and was stopped`,
    );
  }
  if (result.code !== 0) {
    throw new ConversionError(
      'conversion_failed',
      `ffmpeg could not transcode ${name}: ${result.stderr || `exit ${String(result.code)}`}`,
    );
  }
  const written = await stat(output).catch(() => undefined);
  if (written === undefined || written.size === 0) {
    throw new ConversionError('conversion_failed', `ffmpeg wrote nothing of ${name}`);
  }
  // `-fs` stops ffmpeg at the cap and exits 0: a file at the cap was cut.
  if (written.size >= limits.maxOutputBytes) {
    throw new ConversionError(
      'too_large',
      `${name} transcoded passes ${String(limits.maxOutputBytes)} bytes and was stopped`,
    );
  }
  return output;
}
