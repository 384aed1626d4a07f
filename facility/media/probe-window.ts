/**
 * What ffprobe is given of a large media file (docs/decisions/2026-12-07-media-first-frame.md): its
 * first and last {@link PROBE_WINDOW_BYTES}, at their own offsets in a sparse copy of the same size
 * (the middle a hole, read as zeros). Containers keep what a probe reads at one end or the other —
 * an MP4's `moov` before or after its `mdat`, a WebM's tracks at its head, an AVI's index and an
 * Ogg's last granule at its tail — and its size is the file's, so a duration estimated from the
 * bitrate is the same. The copy costs two windows, not the file: a 100 MB film's first answer no
 * longer waits for 100 MB to be copied. A probe that fails on it is tried again on the whole file
 * (playable.ts), so a file whose index does not fit is read as before.
 */
import { open } from 'node:fs/promises';

/** 16 MiB at each end: an MP4's index for hours of frames (≈ 12 bytes a frame) fits. */
export const PROBE_WINDOW_BYTES = 16 * 1024 * 1024;

/**
 * Copies `file` (of `size` bytes) to `dest`: whole when it is at most two windows, else its head and
 * tail at their offsets, the rest left a hole. Returns whether the copy is whole.
 */
export async function copyProbeWindow(
  file: string,
  dest: string,
  size: number,
  windowBytes: number,
): Promise<boolean> {
  const whole = size <= 2 * windowBytes;
  const spans: [start: number, length: number][] = whole
    ? [[0, size]]
    : [
        [0, windowBytes],
        [size - windowBytes, windowBytes],
      ];
  const source = await open(file, 'r');
  try {
    const target = await open(dest, 'wx', 0o600);
    try {
      const buffer = Buffer.allocUnsafe(Math.min(1024 * 1024, Math.max(size, 1)));
      for (const [start, length] of spans) {
        for (let done = 0; done < length;) {
          const want = Math.min(buffer.length, length - done);
          const { bytesRead } = await source.read(buffer, 0, want, start + done);
          // The file shrank under us: what was read is what there is.
          if (bytesRead === 0) return false;
          await target.write(buffer, 0, bytesRead, start + done);
          done += bytesRead;
        }
      }
      await target.truncate(size);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
  return whole;
}
