/**
 * A PDF at a source that answers ranges, read before its copy in CACHE_DIR is whole (docs/server.md,
 * "Document sources"): its facts are read by pdf.js in the pool through ranges of the source, and
 * the viewer's ranges of `content` are read from the source as asked (a long one from the copy as
 * it fills: growing-copy.ts), while source-copy.ts fills the copy in the background. Every range names the version it belongs to, so bytes of a file
 * changed meanwhile are refused, never mixed. Once the copy is whole, the facility serves it.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { Answer } from '../http/answer.ts';
import type { PdfFacts } from '../facts/pdf-facts-types.ts';
import type { RangeAnswer, RangeAsk } from '../facts/pdf-facts-worker.ts';
import type { Pool } from '../pool/pool.ts';
import type { Filling } from './source-copy.ts';
import { asSourceError } from './source.ts';
import type { DocumentSource, RangedStat } from './source.ts';

/**
 * The most the facts may read by ranges: a PDF whose page tree needs more is read from its whole
 * copy instead (a page dictionary is a few hundred bytes, pdf.js reads 16 kB around each).
 */
const FACTS_BUDGET_BYTES = 32 * 1024 * 1024;
/**
 * A range of the source is read in one piece up to this size. A longer one (the viewer streams
 * the rest of the file in one) is answered from the copy as it fills, never asked of the source a
 * second time.
 */
const PIECE_BYTES = 4 * 1024 * 1024;
/** Versions whose facts are kept while their copies fill. */
const KEPT_FACTS = 100;

/**
 * The source's version as a strong ETag: the origin's own may be weak or, made of Last-Modified
 * and size, not an ETag at all. Every range read for this answer is of that version (If-Match).
 */
function versionTag(version: string): string {
  return `"${createHash('sha256').update(version).digest('hex').slice(0, 32)}"`;
}

export interface RemotePdfs {
  /** The facts of this version, read by ranges; rejects when the source or the budget fails. */
  facts: (id: string, stat: RangedStat) => Promise<PdfFacts>;
  /**
   * `content` while the copy fills: the viewer's ranges read from the source, a long one from the
   * filling copy; `failed` answers a source that cannot give a range's first bytes.
   */
  content: (id: string, filling: Filling, failed: (error: unknown) => Answer) => Answer;
}

export function createRemotePdfs(source: DocumentSource, pool: Pool): RemotePdfs {
  const known = new LRUCache<string, Promise<PdfFacts>>({ max: KEPT_FACTS });

  async function readFacts(id: string, stat: RangedStat): Promise<PdfFacts> {
    const { port1, port2 } = new MessageChannel();
    let asked = 0;
    const answer = (message: RangeAnswer) => {
      port1.postMessage(message);
    };
    port1.on('message', ({ begin, end }: RangeAsk) => {
      asked += end - begin;
      if (asked > FACTS_BUDGET_BYTES) {
        answer({ error: 'the facts would read too much of the file by ranges' });
        return;
      }
      source.readRange(id, begin, end - 1, stat.version).then(
        (bytes) => {
          answer({ begin, bytes: new Uint8Array(bytes) });
        },
        (error: unknown) => {
          answer({ error: asSourceError(error).message });
        },
      );
    });
    try {
      return await pool.run('remoteFacts', { port: port2, size: stat.size }, [port2]);
    } finally {
      port1.close();
    }
  }

  return {
    facts(id, stat) {
      const key = `${id}\0${stat.version}`;
      let facts = known.get(key);
      if (facts === undefined) {
        facts = readFacts(id, stat);
        known.set(key, facts);
        // A failure (the source, the budget, a busy pool) is not kept: the next ask tries again.
        facts.catch(() => known.delete(key));
      }
      return facts;
    },
    content(id, { stat, growing, start: startFill }, failed) {
      return {
        kind: 'ranges',
        size: stat.size,
        contentType: 'application/pdf',
        etag: versionTag(stat.version),
        failed,
        async read(start, end) {
          if (end - start + 1 > PIECE_BYTES) {
            startFill();
            return growing.read(start, end);
          }
          return Readable.from([await source.readRange(id, start, end, stat.version)]);
        },
      };
    },
  };
}
