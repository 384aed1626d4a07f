/**
 * Whether the document source answers, for `health` (docs/server.md, "Health"): the source's own
 * cheap probe, asked at most once per PROBE_KEPT_MS however often health is polled, and said as a
 * failure code only — never where the source is or with what credentials.
 */
import { asSourceError } from './source.ts';
import type { DocumentSource, SourceFailureCode } from './source.ts';

const PROBE_KEPT_MS = 5000;

export type SourceHealth = 'ok' | SourceFailureCode;

export function createSourceHealth(source: DocumentSource): () => Promise<SourceHealth> {
  let last: { at: number; answer: Promise<SourceHealth> } | undefined;
  return () => {
    const { probe } = source;
    if (probe === undefined) return Promise.resolve('ok');
    if (last === undefined || Date.now() - last.at > PROBE_KEPT_MS) {
      const answer = probe().then(
        (): SourceHealth => 'ok',
        (error: unknown) => asSourceError(error).code,
      );
      last = { at: Date.now(), answer };
    }
    return last.answer;
  };
}
