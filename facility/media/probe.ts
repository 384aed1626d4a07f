/**
 * What an audio or video file is, read by ffprobe in the sandbox (run.ts) before anything is
 * served or transcoded (docs/server.md, "Audio and video"): its container, its first video and
 * audio streams, its size and duration — each checked against {@link MediaLimits}. A file that
 * is not media, or declares absurd dimensions or a duration past the cap, is refused here with
 * its reason, and whether the browser plays it as it is decides between serving and transcoding.
 */
import { ConversionError } from '../conversion/failures.ts';
import { inJail } from '../sandbox/jail.ts';
import { runJailed } from '../sandbox/run.ts';
import { PROBE_WINDOW_BYTES } from './probe-window.ts';
import { mediaProgram } from './run.ts';
import type { MediaJob } from './run.ts';

export interface MediaLimits {
  /** Width or height a video may declare. */
  maxSide: number;
  /** Seconds a file may declare (a transcode's length is bounded by it too). */
  maxDurationS: number;
  /** Bytes of each end of a file ffprobe is first given (probe-window.ts). */
  probeWindowBytes: number;
  /** ffprobe's time. */
  probeTimeoutMs: number;
  /** ffmpeg's time for one transcode. */
  transcodeTimeoutMs: number;
  /** Address space of ffprobe and of ffmpeg. */
  memoryMb: number;
  /** A transcode writing more is stopped and refused. */
  maxOutputBytes: number;
  /** The most one answer to a view-only reader's range holds (answers.ts). */
  viewOnlyRangeBytes: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxSide: 8192,
  maxDurationS: 6 * 3600,
  probeWindowBytes: PROBE_WINDOW_BYTES,
  probeTimeoutMs: 15_000,
  transcodeTimeoutMs: 10 * 60_000,
  memoryMb: 1024,
  maxOutputBytes: 2 * 1024 * 1024 * 1024,
  // 4 MiB: ~1.6 s of 20 Mbit/s video a request.
  viewOnlyRangeBytes: 4 * 1024 * 1024,
};

/** ffprobe's name for the ISO family (MP4, QuickTime), which iso-facts.ts gives too. */
export const ISO_CONTAINER = 'mov,mp4,m4a,3gp,3g2,mj2';

/** What the player is told, and what decides how the file is served. */
export interface MediaFacts {
  kind: 'video' | 'audio';
  /** Seconds; undefined when the file does not say. */
  duration: number | undefined;
  width: number | undefined;
  height: number | undefined;
  /** The container ffprobe read it as (`mov,mp4,m4a,3gp,3g2,mj2`). */
  container: string;
  videoCodec: string | undefined;
  audioCodec: string | undefined;
}

/** Codecs Chromium decodes without proprietary add-ons beyond Debian's (H.264 and AAC included). */
const PLAYED_VIDEO = new Set(['h264', 'vp8', 'vp9', 'av1']);
const PLAYED_AUDIO = new Set([
  'aac',
  'mp3',
  'opus',
  'vorbis',
  'flac',
  'pcm_s16le',
  'pcm_u8',
  'pcm_f32le',
  'pcm_s24le',
]);

interface ProbedStream {
  codec_type?: unknown;
  codec_name?: unknown;
  width?: unknown;
  height?: unknown;
  disposition?: { attached_pic?: unknown };
}

function asNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

function asText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value.slice(0, 64) : undefined;
}

/**
 * ffprobe's JSON read and checked (`warning`: its stderr, for the reason); throws
 * ConversionError with the reason.
 */
export function readProbe(
  json: string,
  limits: MediaLimits,
  name: string,
  warning = '',
): MediaFacts {
  let parsed: { format?: { format_name?: unknown; duration?: unknown }; streams?: unknown };
  try {
    parsed = JSON.parse(json) as typeof parsed;
  } catch {
    throw new ConversionError('unsupported', `${name} is not audio or video ffprobe can read`);
  }
  const streams = (Array.isArray(parsed.streams) ? parsed.streams : []) as ProbedStream[];
  // A cover picture in an audio file is a "video" stream of one frame: not a video.
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && asNumber(stream.disposition?.attached_pic) !== 1,
  );
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const container = asText(parsed.format?.format_name);
  if (container === undefined || (video === undefined && audio === undefined)) {
    throw new ConversionError('unsupported', `${name} holds no audio or video stream`);
  }
  const width = asNumber(video?.width);
  const height = asNumber(video?.height);
  if (video !== undefined && (!width || !height)) {
    // ffmpeg refuses a picture past its own limits and reads it as 0 × 0.
    throw new ConversionError(
      'unsupported',
      `${name} declares a picture size ffmpeg refuses${warning === '' ? '' : ` (${warning})`}`,
    );
  }
  return checkDeclared(
    {
      kind: video === undefined ? 'audio' : 'video',
      duration: asNumber(parsed.format?.duration),
      width,
      height,
      container,
      videoCodec: asText(video?.codec_name),
      audioCodec: asText(audio?.codec_name),
    },
    limits,
    name,
  );
}

/**
 * The picture's size and the duration a file declares, against the limits, however they were read
 * (ffprobe, or the MP4 index: iso-facts.ts); throws ConversionError `too_large`.
 */
export function checkDeclared(facts: MediaFacts, limits: MediaLimits, name: string): MediaFacts {
  const { width, height, duration } = facts;
  if ((width ?? 0) > limits.maxSide || (height ?? 0) > limits.maxSide) {
    throw new ConversionError(
      'too_large',
      `${name} declares a ${String(width)} × ${String(height)} picture; at most ${String(limits.maxSide)} px a side are played`,
    );
  }
  if (duration !== undefined && duration > limits.maxDurationS) {
    throw new ConversionError(
      'too_large',
      `${name} declares ${String(Math.round(duration / 60))} minutes; at most ${String(limits.maxDurationS / 60)} are played`,
    );
  }
  return facts;
}

/** Whether the browser's player takes the file as it is: its container and every codec. */
export function playsAsIs(facts: MediaFacts, plays: string | undefined): boolean {
  if (plays === undefined || !facts.container.split(',').includes(plays)) return false;
  const videoOk = facts.videoCodec === undefined || PLAYED_VIDEO.has(facts.videoCodec);
  const audioOk = facts.audioCodec === undefined || PLAYED_AUDIO.has(facts.audioCodec);
  return videoOk && audioOk && (facts.kind === 'audio' || facts.videoCodec !== undefined);
}

/** ffprobe on the job's input: only local files (`file` protocol), no stdin, JSON out. */
export async function probe(job: MediaJob, limits: MediaLimits, name: string): Promise<MediaFacts> {
  const ffprobe = await mediaProgram('ffprobe');
  const result = await runJailed(
    job,
    ffprobe,
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      inJail(job, job.input),
    ],
    { timeoutMs: limits.probeTimeoutMs, memoryMb: limits.memoryMb, maxStdoutBytes: 1024 * 1024 },
  );
  if (result.timedOut) {
    throw new ConversionError(
      'too_large',
      `reading ${name} took longer than ${String(limits.probeTimeoutMs / 1000)} s`,
    );
  }
  if (result.code !== 0) {
    throw new ConversionError(
      'unsupported',
      `${name} is not audio or video ffprobe can read (${result.stderr || `exit ${String(result.code)}`})`,
    );
  }
  return readProbe(result.stdout, limits, name, result.stderr);
}
