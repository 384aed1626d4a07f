/**
 * Camera raw images (DNG, Canon, Nikon, Sony, Fujifilm, Olympus, Panasonic): developed by LibRaw's
 * `dcraw_emu` (Debian's `libraw-bin`, LGPL-2.1 or CDDL-1.0, a program of its own) in the
 * converters' sandbox, then one page as a TIFF is (image-pages.ts, in the pool). sharp reads a
 * DNG only as the TIFF it wraps, its small preview, and no other raw at all
 * (docs/decisions/2026-12-06-camera-raw.md).
 *
 * Bounded (docs/server.md, "Limits"): the size the raw declares is read first by LibRaw's
 * `raw-identify` (its header only), and a raw over the pixel limit is developed at half size
 * (a quarter of the pixels: what a preview needs) or, past four times the limit, refused before
 * it is decoded. Each program has its time and address space; the TIFF's size is checked again
 * by the pool's decoder.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { findExecutable, inJail, prepareJailFolder } from '../../sandbox/jail.ts';
import { runJailed } from '../../sandbox/run.ts';
import type { RunResult } from '../../sandbox/run.ts';
import { ConversionError, inPool } from '../failures.ts';
import type { ConvertJob, FormatConverter } from '../format.ts';

/** Each program's time and address space. */
const RAW_LIMITS = {
  identify: { timeoutMs: 15_000, memoryMb: 512, maxStdoutBytes: 64 * 1024 },
  // A 24-megapixel raw developed in full took 254 MB (docs/decisions/2026-12-06-camera-raw.md).
  develop: { timeoutMs: 120_000, memoryMb: 1536, maxStdoutBytes: 64 * 1024 },
};

async function program(name: 'raw-identify' | 'dcraw_emu'): Promise<string> {
  const found = await findExecutable(name);
  if (found === undefined) {
    throw new ConversionError(
      'converter_not_installed',
      `${name} is not installed on the server (apt-get install libraw-bin): camera raw images cannot be read`,
      true,
    );
  }
  return found;
}

/** LibRaw's words of a failed run: its output's last line, the job's file named "the file". */
function why(result: RunResult): string {
  const said = `${result.stdout}\n${result.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return (said.at(-1) ?? `exit ${String(result.code)}`).replace(
    /(\/job\/)?input\.\w+/g,
    'the file',
  );
}

/**
 * The most pixels among the sizes raw-identify reports (the sensor's, the image's, the output's);
 * undefined when it reports none (not a raw it reads).
 */
function declaredPixels(identified: string): { width: number; height: number } | undefined {
  let largest: { width: number; height: number } | undefined;
  for (const [, w, h] of identified.matchAll(
    /^(?:Full|Image|Output) size:\s*(\d+)\s*x\s*(\d+)/gm,
  )) {
    const size = { width: Number(w), height: Number(h) };
    if (largest === undefined || size.width * size.height > largest.width * largest.height) {
      largest = size;
    }
  }
  return largest;
}

async function identify(
  job: ConvertJob,
  input: string,
): Promise<{ width: number; height: number }> {
  const result = await runJailed(
    job,
    await program('raw-identify'),
    ['-v', input],
    RAW_LIMITS.identify,
  );
  if (result.timedOut) {
    throw new ConversionError('too_large', "reading the raw image's header took too long");
  }
  const size = declaredPixels(result.stdout);
  if (size === undefined || size.width <= 0 || size.height <= 0) {
    throw new ConversionError(
      'unsupported',
      `not a camera raw image this server reads: ${why(result)}`,
    );
  }
  return size;
}

export const rawImage: FormatConverter = {
  uses: 'pool',
  async convert(job) {
    const { maxImagePixels: maxPixels } = job;
    await prepareJailFolder(job.work);
    const input = inJail(job, job.input);
    const { width, height } = await identify(job, input);
    const pixels = width * height;
    if (pixels > 4 * maxPixels) {
      throw new ConversionError(
        'too_large',
        `the image is ${String(width)} × ${String(height)} pixels; the limit is ${String((4 * maxPixels) / 1e6)} megapixels, developed at half size`,
      );
    }
    const tiff = path.join(job.work, 'developed.tiff');
    // Camera white balance, 8-bit sRGB TIFF; half size (no demosaicing) past the limit.
    const args = [
      '-w',
      '-T',
      ...(pixels > maxPixels ? ['-h'] : []),
      '-Z',
      inJail(job, tiff),
      input,
    ];
    const result = await runJailed(job, await program('dcraw_emu'), args, RAW_LIMITS.develop);
    if (result.timedOut) {
      throw new ConversionError(
        'too_large',
        `developing the raw image took longer than ${String(RAW_LIMITS.develop.timeoutMs / 1000)} s and was stopped`,
      );
    }
    // dcraw_emu exits 0 when it cannot unpack a file, saying so: no TIFF is the failure.
    const developed = await stat(tiff).catch(() => undefined);
    if (result.code !== 0 || developed === undefined || developed.size === 0) {
      throw new ConversionError(
        'conversion_failed',
        `the raw image could not be developed: ${why(result)}`,
      );
    }
    const made = await inPool('not a readable image', () =>
      job.pool.run('decodedImage', { input: tiff, output: job.output, ext: '.tiff', maxPixels }),
    );
    if (made.refused !== undefined) throw new ConversionError('too_large', made.refused);
  },
};
