/**
 * A media file's playable form (docs/server.md, "Audio and video"): probed (probe.ts), then the
 * file itself when the browser plays it as it is, else its transcode published in CACHE_DIR under
 * the content hash (`media/<sha256>.mp4|.m4a`). The transcode runs here, in the sandbox
 * (transcode.ts), or — a server on a queue — as a queue's job a worker runs
 * ({@link TranscodeElsewhere}, facility/queue/queue.ts), which comes back here for it.
 */
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConversionError } from '../conversion/failures.ts';
import { extensionOf, formatOf } from '../conversion/formats.ts';
import type { Pool } from '../pool/pool.ts';
import { checkDeclared, ISO_CONTAINER, playsAsIs, probe } from './probe.ts';
import type { MediaFacts, MediaLimits } from './probe.ts';
import { inMediaJob } from './run.ts';
import type { MediaJob } from './run.ts';
import { transcode, transcodedExtension } from './transcode.ts';

export interface Playable {
  /** The transcode in CACHE_DIR; undefined: the file itself plays as it is. */
  file: string | undefined;
  facts: MediaFacts;
}

/**
 * Has the transcode of the file named `name` whose content is `hash` made by another process;
 * resolves once `published` exists, rejects with a ConversionError.
 */
export type TranscodeElsewhere = (name: string, hash: string, published: string) => Promise<void>;

export interface PlayableOptions {
  cacheDir: string;
  /** Where jobs copy the file for ffprobe and ffmpeg (their sandbox sees only that folder). */
  workDir: string;
  limits: MediaLimits;
  /** Reads an MP4's index before ffprobe would (iso-facts.ts); unset: ffprobe alone. */
  pool?: Pool | undefined;
  /** Unset: transcoded in this process. */
  elsewhere?: TranscodeElsewhere | undefined;
  log?: ((event: Record<string, unknown>) => void) | undefined;
}

/**
 * ffprobe's facts of `file`, read from its ends (probe-window.ts) and, when those do not tell
 * (an index larger than the window, a container that keeps what the probe needs in the middle),
 * from the whole file. A refusal for what the file declares (`too_large`) is final either way.
 */
async function probeFile(
  file: string,
  ext: string,
  name: string,
  workDir: string,
  limits: MediaLimits,
): Promise<MediaFacts> {
  const read = (job: MediaJob) => probe(job, limits, name);
  const first = await inMediaJob(
    'probe',
    file,
    ext,
    workDir,
    async (job) => {
      try {
        return { ok: true as const, facts: await read(job) };
      } catch (error) {
        return { ok: false as const, error, whole: job.whole };
      }
    },
    limits.probeWindowBytes,
  );
  if (first.ok) return first.facts;
  const untold = first.error instanceof ConversionError && first.error.code === 'unsupported';
  if (first.whole || !untold) throw first.error;
  return inMediaJob('probe', file, ext, workDir, read);
}

/**
 * An MP4's facts from its own index in a pool thread, when they show a file the browser plays as
 * it is (ffprobe's start in the sandbox is most of a film's first answer:
 * docs/decisions/2026-12-07-mp4-facts-without-ffprobe.md); else undefined, and ffprobe reads it.
 */
async function indexFacts(
  pool: Pool | undefined,
  file: string,
  name: string,
  plays: string | undefined,
  limits: MediaLimits,
): Promise<MediaFacts | undefined> {
  if (pool === undefined || plays === undefined || !ISO_CONTAINER.split(',').includes(plays))
    return undefined;
  const facts = await pool
    .run('isoFacts', { file, windowBytes: limits.probeWindowBytes })
    .catch(() => undefined);
  if (facts === undefined || !playsAsIs(facts, plays)) return undefined;
  return checkDeclared(facts, limits, name);
}

/**
 * The playable form of `file` (shown as `name`); `hash`, its content's sha256, is asked for only
 * when a transcode is needed (the transcode's name in CACHE_DIR): a file the browser plays as it
 * is is answered after its probe alone. Throws ConversionError.
 */
export async function makePlayable(
  hash: () => Promise<string>,
  file: string,
  name: string,
  { cacheDir, workDir, limits, pool, elsewhere, log }: PlayableOptions,
): Promise<Playable> {
  const ext = extensionOf(name) ?? '';
  const format = formatOf(name);
  const plays = format?.view === 'media' ? format.plays : undefined;
  const indexed = await indexFacts(pool, file, name, plays, limits);
  if (indexed !== undefined) return { file: undefined, facts: indexed };
  const facts = await probeFile(file, ext, name, workDir, limits);
  if (playsAsIs(facts, plays)) return { file: undefined, facts };
  const sha256 = await hash();
  const cached = path.join(cacheDir, 'media', `${sha256}${transcodedExtension(facts.kind)}`);
  if (await stat(cached).catch(() => undefined)) return { file: cached, facts };
  if (elsewhere !== undefined) {
    await elsewhere(name, sha256, cached);
    return { file: cached, facts };
  }
  return inMediaJob('transcode', file, ext, workDir, async (job) => {
    const started = Date.now();
    log?.({ event: 'transcoding', file: name, hash: sha256 });
    const output = await transcode(job, facts, limits, name);
    await mkdir(path.dirname(cached), { recursive: true });
    await rename(output, cached);
    log?.({ event: 'transcoded', file: name, hash: sha256, ms: Date.now() - started });
    return { file: cached, facts };
  });
}
