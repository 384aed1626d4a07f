/**
 * pdf.js's callbacks while a document opens (its progress, its password questions, the outcome)
 * as a redux-saga event channel, which the doc model's `pages` effect takes from. The channel
 * carries them to the effect only, never into an action: a password answer is a function here.
 */
import { buffers, eventChannel } from 'redux-saga';
import type { EventChannel } from 'redux-saga';
import type { OpenedDocument } from './openDocument';
import { failureOf } from './openFailure';
import type { OpenFailure } from './openFailure';
import type { PDFDocumentProxy } from './pdfjs';

export type OpenEvent =
  | { kind: 'progress'; loaded: number; total: number }
  /** `answer(null)` cancels the open (it then fails as `passwordCancelled`). */
  | { kind: 'password'; reason: 'needed' | 'incorrect'; answer: (password: string | null) => void }
  | { kind: 'opened'; pdf: PDFDocumentProxy }
  | { kind: 'failed'; failure: OpenFailure };

export function openEvents(opened: OpenedDocument): EventChannel<OpenEvent> {
  return eventChannel<OpenEvent>((emit) => {
    let live = true;
    opened.attach({
      onProgress: (loaded, total) => {
        if (live) emit({ kind: 'progress', loaded, total });
      },
      askPassword: (reason) =>
        new Promise<string | null>((resolve) => {
          if (live) emit({ kind: 'password', reason, answer: resolve });
          else resolve(null);
        }),
    });
    opened.promise.then(
      (pdf) => {
        if (live) emit({ kind: 'opened', pdf });
      },
      (error: unknown) => {
        if (live) emit({ kind: 'failed', failure: failureOf(error) });
      },
    );
    return () => {
      live = false;
    };
    // Every progress step and the outcome are kept until the effect takes them.
  }, buffers.expanding<OpenEvent>());
}
