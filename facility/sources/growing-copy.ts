/**
 * A source's copy while it is written (source-copy.ts), read as it grows: a long range of a PDF
 * still filling (the viewer's "rest of the file") is answered from the bytes the fill has already
 * brought, instead of asking the source for them a second time (docs/server.md, "Document
 * sources"; docs/decisions/2026-11-29-sparse-ranges.md). The fill reads one version only (the
 * source refuses another's bytes), so what it has written is that version's.
 */
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { SourceError } from './source.ts';

/** What one read from the copy hands on at most. */
const PIECE_BYTES = 1024 * 1024;

export class GrowingCopy {
  /** Where the fill writes (renamed to `file` once whole and checked). */
  readonly partial: string;
  readonly file: string;
  #written = 0;
  #ended: { failed: Error } | 'whole' | undefined;
  readonly #waiting = new Set<() => void>();

  constructor(partial: string, file: string) {
    this.partial = partial;
    this.file = file;
  }

  /**
   * The fill's sink: each chunk counts once it is in the file, not when it is handed over. Chunks
   * that queued while a write was on its way go in one write, as fs's own write stream does: the
   * threads that write files are shared with every other file operation and image encoding.
   */
  sink(handle: FileHandle): Writable {
    const write = (chunk: Buffer, done: (error?: Error | null) => void) => {
      handle.write(chunk).then(
        ({ bytesWritten }) => {
          this.#grew(bytesWritten);
          done();
        },
        (error: unknown) => {
          done(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };
    return new Writable({
      highWaterMark: 1024 * 1024,
      write: (chunk: Buffer, _encoding, done) => {
        write(chunk, done);
      },
      writev: (chunks, done) => {
        write(Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer)), done);
      },
    });
  }

  /** The fill is over: its copy whole, or failed (the bytes past `written` never come). */
  end(failed?: Error): void {
    this.#ended = failed ? { failed } : 'whole';
    this.#wake();
  }

  /**
   * Bytes `start` to `end` inclusive, each handed on once the fill has written it; errors when the
   * fill fails before them. The first bytes are waited for before it resolves, so a fill that
   * cannot bring them is the caller's error answer, not a cut one.
   */
  async read(start: number, end: number): Promise<Readable> {
    await this.#until(start);
    const handle = await this.#open();
    const pieces = this.#pieces(handle, start, end);
    try {
      const first = await pieces.next();
      return Readable.from(
        (async function* rest() {
          if (first.done !== true) yield first.value;
          yield* pieces;
        })(),
      );
    } catch (error) {
      await pieces.return(undefined);
      throw error;
    }
  }

  async *#pieces(handle: FileHandle, start: number, end: number): AsyncGenerator<Buffer> {
    try {
      for (let at = start; at <= end;) {
        await this.#until(at);
        const length = Math.min(end + 1, this.#written, at + PIECE_BYTES) - at;
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, at);
        if (bytesRead === 0) throw new SourceError('source_unavailable', 'the copy ended early');
        yield buffer.subarray(0, bytesRead);
        at += bytesRead;
      }
    } finally {
      await handle.close();
    }
  }

  /** The copy's file, under whichever name it has now (renamed when whole). */
  async #open(): Promise<FileHandle> {
    try {
      return await open(this.partial, 'r');
    } catch {
      return open(this.file, 'r');
    }
  }

  /** Resolves once the byte at `at` is written; rejects when the fill ended before it. */
  async #until(at: number): Promise<void> {
    while (this.#written <= at) {
      const ended = this.#ended;
      if (ended === 'whole') throw new SourceError('source_unavailable', 'past the copy’s end');
      if (ended) throw ended.failed;
      await new Promise<void>((resolve) => this.#waiting.add(resolve));
    }
  }

  #grew(bytes: number): void {
    this.#written += bytes;
    this.#wake();
  }

  #wake(): void {
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const resolve of waiting) resolve();
  }
}
