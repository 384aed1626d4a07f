/**
 * The document source named by the environment (docs/server.md, "Document sources"), for
 * `npm run serve` and `npm run worker` alike: DOCS_URL (+ DOCS_HEADERS, DOCS_CONNECT_TIMEOUT_S,
 * DOCS_TIMEOUT_S) is the host's HTTP storage; without it, the folder DOCS_DIR (undefined here: the
 * facility's default). Everything is checked at start; DOCS_HEADERS' values are never printed.
 */
import { createHttpSource, parseHeaders } from '../facility/http-source.ts';
import type { DocumentSource } from '../facility/source.ts';
import { number, setting } from './env.ts';

export function sourceFromEnv(): DocumentSource | undefined {
  const template = setting('DOCS_URL');
  if (template === undefined) {
    if (setting('DOCS_HEADERS') !== undefined) throw new Error('DOCS_HEADERS needs DOCS_URL');
    return undefined;
  }
  if (setting('DOCS_DIR') !== undefined) throw new Error('set DOCS_DIR or DOCS_URL, not both');
  return createHttpSource({
    template,
    headers: parseHeaders(setting('DOCS_HEADERS') ?? ''),
    connectTimeoutMs: number('DOCS_CONNECT_TIMEOUT_S', 10, 0.1) * 1000,
    totalTimeoutMs: number('DOCS_TIMEOUT_S', 120, 1) * 1000,
  });
}
