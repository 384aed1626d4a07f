/**
 * Debian's ffprobe and ffmpeg as the media's readers (docs/server.md, "Audio and video"): each run
 * in the converters' sandbox (facility/sandbox/jail.ts, by facility/sandbox/run.ts) on a copy of the file in a job folder of
 * its own — no network, nothing of the server's disk, as `nobody` — under an address-space limit
 * and a time limit, its stdout counted against a cap; two probes and one transcode at once.
 */
import { copyFile, constants, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { findExecutable, jailCheck, prepareJailFolder } from '../sandbox/jail.ts';
import { ConversionError } from '../conversion/failures.ts';
import { createTurns } from '../sandbox/turns.ts';
import { copyProbeWindow } from './probe-window.ts';

/**
 * Programs at once, by lane: probes (a fraction of a second each) never wait behind transcodes
 * (minutes each, two threads): a plain MP4 opens while an AVI is being transcoded.
 */
const AT_ONCE = { probe: 2, transcode: 1 } as const;
export type MediaLane = keyof typeof AT_ONCE;

const TURNS = { probe: createTurns(AT_ONCE.probe), transcode: createTurns(AT_ONCE.transcode) };

export interface MediaJob {
  /** The job's folder (the sandbox's /job). */
  work: string;
  /** The copy of the file in it, as the program is to name it. */
  input: string;
  /** False: the copy holds only the file's ends (probe-window.ts). */
  whole: boolean;
}

/**
 * `task` on a copy of `file` (named `input<ext>`; with `windowBytes`, of its ends only:
 * probe-window.ts) in a fresh job folder,
 * removed after; at most {@link AT_ONCE} of its lane at a time. Refuses (`converter_not_installed`)
 * when the sandbox cannot be made.
 */
export function inMediaJob<T>(
  lane: MediaLane,
  file: string,
  ext: string,
  workDir: string,
  task: (job: MediaJob) => Promise<T>,
  windowBytes?: number,
): Promise<T> {
  return TURNS[lane](async () => {
    const check = jailCheck();
    if (!check.ok) {
      throw new ConversionError(
        'converter_not_installed',
        `ffmpeg's sandbox cannot be made on the server: ${check.why}`,
        true,
      );
    }
    const work = await mkdtemp(path.join(workDir, 'folio-media-'));
    try {
      const input = path.join(work, `input${ext}`);
      let whole = true;
      if (windowBytes !== undefined) {
        whole = await copyProbeWindow(file, input, (await stat(file)).size, windowBytes);
      } else await copyFile(file, input, constants.COPYFILE_FICLONE);
      await prepareJailFolder(work);
      return await task({ work, input, whole });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
}

/** The program on PATH, else `converter_not_installed`. */
export async function mediaProgram(name: 'ffmpeg' | 'ffprobe'): Promise<string> {
  const found = await findExecutable(name);
  if (found === undefined) {
    throw new ConversionError(
      'converter_not_installed',
      `${name} is not installed on the server (apt-get install ffmpeg): audio and video cannot be read`,
      true,
    );
  }
  return found;
}
