import type { ByteRange } from '../../domain/document';
import { facilityCredentials, facilityHeaders } from '../facilityAuth';
import { pdfjs, resourceUrl, sharedWorker } from './pdfjsDisplay';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from './pdfjsDisplay';
import { isPhoneLike } from './device';
import { HeadFailure, openByteSource } from './byteSource';
import { RANGE_CHUNK } from './firstRanges';
import { OpenError } from './openFailure';
import type { OpenFailure } from './openFailure';

export type PasswordAsk = (reason: 'needed' | 'incorrect') => Promise<string | null>;

export interface OpenOptions {
  onProgress?: (loaded: number, total: number) => void;
  /** Asked for a password; null cancels. The password goes to pdf.js only, never logged. */
  askPassword: PasswordAsk;
}

export interface OpenedDocument {
  promise: Promise<PDFDocumentProxy>;
  /**
   * Who hears of its progress and answers its password questions (openEvents.ts). A question
   * asked before then waits for them.
   */
  attach: (options: OpenOptions) => void;
  /** The facility named the ranges page 1 needs (byteSource.ts). */
  nameRanges: (named: readonly ByteRange[]) => void;
  /** Page 1 shows: the rest of the file may come now (byteSource.ts). */
  loadRest: () => void;
  destroy: () => void;
}

/** Bounded resources (contracts §6): no single image or canvas may take the tab down. */
const MAX_IMAGE_PIXELS = 100_000_000;

type Transport = InstanceType<typeof pdfjs.PDFDataRangeTransport>;

function load(source: { range: Transport } | { url: string }): PDFDocumentLoadingTask {
  const phone = isPhoneLike();
  return pdfjs.getDocument({
    ...source,
    // pdf.js's own loader (a server without ranges) asks the facility as every request does.
    ...('url' in source && {
      httpHeaders: facilityHeaders(),
      withCredentials: facilityCredentials() === 'include',
    }),
    worker: sharedWorker(),
    // pdf.js ≥ 5 has no eval path at all (the option was removed); our CSP has no unsafe-eval.
    enableXfa: false,
    cMapUrl: resourceUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: resourceUrl('standard_fonts'),
    wasmUrl: resourceUrl('wasm'),
    iccUrl: resourceUrl('iccs'),
    maxImageSize: MAX_IMAGE_PIXELS,
    canvasMaxAreaInBytes: phone ? 5_242_880 * 4 : -1,
    rangeChunkSize: RANGE_CHUNK,
    // Range-first (docs/decisions/2026-11-25-byte-source.md). Through our byte source, pdf.js
    // takes its bytes as a stream, which also stops it fetching the rest a chunk at a time: the
    // source streams the rest once page 1 shows. A server without ranges gets pdf.js's own loader,
    // which then reads the file whole.
    disableRange: false,
    disableStream: 'url' in source,
    disableAutoFetch: false,
  });
}

export function openDocument(url: string): OpenedDocument {
  const bytes = openByteSource(url);
  let task: PDFDocumentLoadingTask | undefined;
  let destroyed = false;
  let cancelled = false;
  let listener: OpenOptions | undefined;
  // A password question asked before anyone attached.
  let pending: ((options: OpenOptions) => void) | undefined;
  const ask =
    (why: 'needed' | 'incorrect', update: (password: string) => void) => (options: OpenOptions) => {
      void options.askPassword(why).then((password) => {
        if (password === null) {
          cancelled = true;
          void task?.destroy();
        } else {
          update(password);
        }
      });
    };
  const start = (range: Transport | undefined) => {
    if (destroyed) throw new Error('Closed before it opened.');
    const opening = load(range ? { range } : { url });
    task = opening;
    opening.onPassword = (update: (password: string) => void, reason: number) => {
      const why = reason === pdfjs.PasswordResponses.INCORRECT_PASSWORD ? 'incorrect' : 'needed';
      if (listener) ask(why, update)(listener);
      else pending = ask(why, update);
    };
    opening.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
      listener?.onProgress?.(loaded, total);
    };
    return opening.promise;
  };
  const promise = bytes.ready.then(start).catch((error: unknown) => {
    throw cancelled ? new OpenError({ kind: 'passwordCancelled' }) : new OpenError(classify(error));
  });
  const attach = (options: OpenOptions) => {
    listener = options;
    const question = pending;
    pending = undefined;
    question?.(options);
  };
  return {
    promise,
    attach,
    nameRanges: bytes.nameRanges,
    loadRest: bytes.loadRest,
    destroy: () => {
      destroyed = true;
      bytes.abort();
      void task?.destroy();
    },
  };
}

function classify(error: unknown): OpenFailure {
  if (error instanceof HeadFailure) {
    return error.status === undefined
      ? { kind: 'network' }
      : { kind: 'unavailable', status: error.status };
  }
  if (error instanceof pdfjs.ResponseException) {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' && status > 0
      ? { kind: 'unavailable', status }
      : { kind: 'network' };
  }
  // InvalidPDFException, and anything else pdf.js throws while parsing (unknown structure, bad
  // xref…): a broken file.
  return { kind: 'invalid' };
}
