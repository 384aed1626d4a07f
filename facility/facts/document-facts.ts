/**
 * What the answers know of a found document's viewable PDF: pdf.js's facts (pdf-facts.ts; 503
 * while the pool's queue is full), how much of it a simulated conversion lets through yet
 * (policy/simulation.ts), its content hash, and whether it has page images at all.
 */
import type { Stats } from 'node:fs';
import type { ViewableOf } from '../conversion/viewable.ts';
import { busy } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import { conversionProgress, conversionStart } from '../policy/simulation.ts';
import type { Progress } from '../policy/simulation.ts';
import { PoolBusyError } from '../pool/pool.ts';
import type { Found } from '../sources/lookup.ts';
import type { PdfFactsOf } from './pdf-facts.ts';
import type { PdfFacts } from './pdf-facts-types.ts';

/** A document that has page images: its facts, its viewable PDF and that PDF's content hash. */
export interface Previewable {
  facts: PdfFacts;
  file: string;
  hash: string;
}

export interface DocumentFacts {
  /** The facts, or 503 with Retry-After while the pool's queue is full. */
  factsOf: (file: string, stats: Stats) => Promise<PdfFacts | Answer>;
  /**
   * The simulated conversion's clock starts at its first answer (after pdf.js has read the file,
   * which can take a second on a busy machine), so the viewer sees it grow from 0.
   */
  progressOf: (found: Found, pageCount: number) => Progress;
  /** sha256 of a file version: the facts and the page images name it the same way. */
  contentHash: (file: string, stats: Stats) => Promise<string>;
  /**
   * The facts and content hash of a document that has page images (a complete PDF that pdf.js
   * {@link opened}); else the answer to give instead, or null when it simply has none.
   */
  previewable: (found: Found) => Promise<Previewable | Answer | null>;
}

export interface DocumentFactsOptions {
  pdfFacts: PdfFactsOf;
  contentHash: (file: string, stats: Stats) => Promise<string>;
  viewable: ViewableOf;
}

/**
 * A PDF pdf.js opened, without a password (none is ever given): only such a document has previews,
 * as one that needs a password would otherwise show its pages without the prompt.
 */
export function opened(facts: PdfFacts): boolean {
  return facts.error === undefined && facts.pageCount > 0;
}

export function createDocumentFacts(options: DocumentFactsOptions): DocumentFacts {
  const { pdfFacts, contentHash, viewable } = options;

  async function factsOf(file: string, stats: Stats): Promise<PdfFacts | Answer> {
    try {
      return await pdfFacts(file, stats);
    } catch (error) {
      if (!(error instanceof PoolBusyError)) throw error;
      return busy('the server is reading many documents; ask again shortly');
    }
  }

  function progressOf({ sidecar, simulation }: Found, pageCount: number): Progress {
    if (sidecar?.convertMs === undefined || simulation === undefined) {
      return { loadedCount: pageCount, complete: true, remainingMs: 0 };
    }
    return conversionProgress(conversionStart(simulation), sidecar.convertMs, pageCount);
  }

  return {
    factsOf,
    progressOf,
    contentHash,

    async previewable(found) {
      const view = await viewable(found);
      if (view.kind !== 'ready') return null;
      const facts = await factsOf(view.file, view.stats);
      if ('kind' in facts) return facts;
      if (!opened(facts) || !progressOf(found, facts.pageCount).complete) return null;
      return { facts, file: view.file, hash: await contentHash(view.file, view.stats) };
    },
  };
}
