/**
 * Why a PDF could not be opened, apart from pdf.js itself: the doc model stores it and effects
 * read it without loading pdf.js (docs/architecture.md, "The open document").
 */

/** Why a document could not be opened, in terms the reader's message is chosen by. */
export type OpenFailure =
  | { kind: 'invalid' } // corrupt, truncated, empty, or not a PDF at all
  | { kind: 'unavailable'; status?: number } // the content URL answered an error
  | { kind: 'network' }
  | { kind: 'passwordCancelled' };

export class OpenError extends Error {
  readonly failure: OpenFailure;
  constructor(failure: OpenFailure) {
    super(`The document could not be opened (${failure.kind}).`);
    this.name = 'OpenError';
    this.failure = failure;
  }
}

/** The failure an open ended with: an OpenError's own, anything else a broken file. */
export function failureOf(error: unknown): OpenFailure {
  return error instanceof OpenError ? error.failure : { kind: 'invalid' };
}
