/**
 * An MP4 or QuickTime file's facts read from its own index (`moov`) by mp4box.js in a pool thread,
 * before and instead of ffprobe when they show a file the browser plays as it is
 * (docs/decisions/2026-12-07-mp4-facts-without-ffprobe.md): ffprobe's start in the sandbox (its
 * 215 shared libraries) was most of a film's first answer. Anything this reader does not know for
 * sure — no `ftyp` first, an index past the window or not found among the first boxes, a codec
 * outside the played ones, a picture without its size — is `undefined`, and ffprobe reads the file
 * as before; what the file declares is checked against the same limits (probe.ts `checkDeclared`).
 */
import { open } from 'node:fs/promises';
import { createFile, Log, MP4BoxBuffer } from 'mp4box';
import type { Movie, Track } from 'mp4box';
import { ISO_CONTAINER } from './probe.ts';
import type { MediaFacts } from './probe.ts';

export interface IsoFactsJob {
  file: string;
  /** The most bytes the index may take (the probe's window: probe-window.ts). */
  windowBytes: number;
}

/** Top-level boxes looked at before giving up on finding the index. */
const MAX_TOP_BOXES = 64;

Log.setLogLevel(() => undefined);

/** Sample entries' codec strings (RFC 6381) as ffprobe names the codecs the browser plays. */
function codecOf(codec: string): string | undefined {
  const [entry = '', objectType = ''] = codec.split('.');
  if (entry === 'avc1' || entry === 'avc3') return 'h264';
  if (entry === 'vp09') return 'vp9';
  if (entry === 'av01') return 'av1';
  if (entry === 'Opus') return 'opus';
  if (entry === 'fLaC') return 'flac';
  if (entry === 'mp4a') {
    if (objectType === '40' || objectType === '66' || objectType === '67' || objectType === '68')
      return 'aac';
    if (objectType === '69' || objectType === '6b' || objectType === '6B') return 'mp3';
  }
  return undefined;
}

/** Where the top-level boxes `ftyp` (first) and `moov` are, or undefined. */
async function findIndex(
  file: string,
  windowBytes: number,
): Promise<{ ftyp: [number, number]; moov: [number, number] } | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let ftyp: [number, number] | undefined;
    let at = 0;
    for (let box = 0; box < MAX_TOP_BOXES && at + 8 <= size; box++) {
      const { bytesRead } = await handle.read(header, 0, 16, at);
      if (bytesRead < 8) return undefined;
      const type = header.toString('latin1', 4, 8);
      let length = header.readUInt32BE(0);
      if (length === 1) {
        if (bytesRead < 16) return undefined;
        length = Number(header.readBigUInt64BE(8));
      } else if (length === 0) length = size - at;
      if (length < 8 || at + length > size) return undefined;
      if (box === 0 && type !== 'ftyp') return undefined;
      if (type === 'ftyp') ftyp = [at, length];
      if (type === 'moov') {
        if (ftyp === undefined || length > windowBytes) return undefined;
        return { ftyp, moov: [at, length] };
      }
      at += length;
    }
    return undefined;
  } finally {
    await handle.close();
  }
}

/** The index's tracks read by mp4box.js; undefined when it does not read them. */
async function readMovie(job: IsoFactsJob): Promise<Movie | undefined> {
  const found = await findIndex(job.file, job.windowBytes);
  if (found === undefined) return undefined;
  const [[ftypAt, ftypLength], [moovAt, moovLength]] = [found.ftyp, found.moov];
  const bytes = new Uint8Array(ftypLength + moovLength);
  const handle = await open(job.file, 'r');
  try {
    await handle.read(bytes, 0, ftypLength, ftypAt);
    await handle.read(bytes, ftypLength, moovLength, moovAt);
  } finally {
    await handle.close();
  }
  // The two boxes side by side: the index's offsets into `mdat` are not followed here.
  let movie: Movie | undefined;
  const reader = createFile();
  reader.onReady = (info) => {
    movie = info;
  };
  reader.onError = () => {
    movie = undefined;
  };
  reader.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes.buffer, 0));
  reader.flush();
  return movie;
}

/** What the index says, as ffprobe would say it; undefined when unsure. */
export function factsOfMovie(movie: Movie): MediaFacts | undefined {
  const video: Track | undefined = movie.videoTracks.at(0);
  const audio: Track | undefined = movie.audioTracks.at(0);
  if (video === undefined && audio === undefined) return undefined;
  const videoCodec = video === undefined ? undefined : codecOf(video.codec);
  const audioCodec = audio === undefined ? undefined : codecOf(audio.codec);
  if ((video !== undefined && videoCodec === undefined) || (audio && audioCodec === undefined))
    return undefined;
  const width = video?.video?.width ?? video?.track_width;
  const height = video?.video?.height ?? video?.track_height;
  if (video !== undefined && (!width || !height)) return undefined;
  if (!movie.timescale || !Number.isFinite(movie.duration)) return undefined;
  return {
    kind: video === undefined ? 'audio' : 'video',
    duration: movie.duration / movie.timescale,
    width,
    height,
    container: ISO_CONTAINER,
    videoCodec,
    audioCodec,
  };
}

/** The pool's task: the facts, or undefined for ffprobe to read the file. */
export async function readIsoFacts(job: IsoFactsJob): Promise<MediaFacts | undefined> {
  const movie = await readMovie(job);
  return movie === undefined ? undefined : factsOfMovie(movie);
}
