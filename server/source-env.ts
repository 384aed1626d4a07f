/**
 * The document source named by the environment (docs/server.md, "Document sources"), for
 * `npm run serve` and `npm run worker` alike: DOCS_URL (+ DOCS_HEADERS) is the host's HTTP storage;
 * S3_BUCKET (+ S3_ENDPOINT, S3_PREFIX, S3_REGION or AWS_REGION, S3_PATH_STYLE; credentials by the
 * AWS SDK's usual chain) is a bucket; DOCS_CONNECT_TIMEOUT_S and DOCS_TIMEOUT_S bound either.
 * Without them, the folder DOCS_DIR (undefined here: the facility's default). At most one may be
 * set, and everything is checked at start; DOCS_HEADERS' values and credentials are never printed.
 * RESULTS_S3_PREFIX (with REDIS_URL, in RESULTS_S3_BUCKET or S3_BUCKET) shares converted PDFs through
 * a bucket when servers and workers share no CACHE_DIR (facility/queue/s3-results.ts).
 */
import { createHttpSource, parseHeaders } from '../facility/sources/http-source.ts';
import { createS3Results } from '../facility/queue/s3-results.ts';
import type { ConversionResults } from '../facility/queue/s3-results.ts';
import { createS3Source, isFolderPrefix } from '../facility/sources/s3-source.ts';
import type { DocumentSource } from '../facility/sources/source.ts';
import { choice, number, setting } from './env.ts';

/** A bucket's connection settings serve the documents' bucket and the results' alike. */
const A_BUCKET = ['S3_BUCKET', 'RESULTS_S3_BUCKET'];

/** Settings that mean nothing without one of these. */
const NEEDS: Record<string, string[]> = {
  DOCS_HEADERS: ['DOCS_URL'],
  S3_PREFIX: ['S3_BUCKET'],
  S3_ENDPOINT: A_BUCKET,
  S3_REGION: A_BUCKET,
  S3_PATH_STYLE: A_BUCKET,
  RESULTS_S3_BUCKET: ['RESULTS_S3_PREFIX'],
};

function timeouts() {
  return {
    connectTimeoutMs: number('DOCS_CONNECT_TIMEOUT_S', 10, 0.1) * 1000,
    totalTimeoutMs: number('DOCS_TIMEOUT_S', 120, 1) * 1000,
  };
}

/** S3_ENDPOINT: an http(s) origin with no credentials in it (they come from the AWS chain). */
function endpoint(): string | undefined {
  const raw = setting('S3_ENDPOINT');
  if (raw === undefined) return undefined;
  const url = URL.parse(raw);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error('S3_ENDPOINT must be an http: or https: URL');
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error('S3_ENDPOINT must not hold credentials: give them as AWS_ACCESS_KEY_ID…');
  }
  return url.origin;
}

/**
 * A key prefix setting: a folder of the bucket, `docs/` (facility/sources/s3-source.ts,
 * isFolderPrefix). A value without its final `/` is not guessed at: `library` would also serve
 * `library-private/…`, so it stops the start.
 */
function keyPrefix(name: string): string {
  const prefix = setting(name) ?? '';
  if (!isFolderPrefix(prefix)) {
    throw new Error(
      `${name} must be a folder of the bucket ending in "/", such as "docs/" (no "/" first, no empty, "." or ".." segment), not "${prefix}"`,
    );
  }
  return prefix;
}

/** S3_BUCKET and how to reach it: what the source and the shared results both use. */
function bucketSettings(bucket: string) {
  // Bucket names: 3–63 lower-case letters, digits, dots and hyphens (S3's rule; MinIO's too).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(`S3_BUCKET "${bucket}" is not a bucket name`);
  }
  const region = setting('S3_REGION') ?? setting('AWS_REGION');
  if (region === undefined) throw new Error('S3_BUCKET needs S3_REGION (or AWS_REGION)');
  const url = endpoint();
  // A custom endpoint (MinIO, Ceph) usually wants path-style addresses; AWS and OSS, virtual hosts.
  const pathStyle = choice('S3_PATH_STYLE', ['on', 'off'], url === undefined ? 'off' : 'on');
  return {
    bucket,
    client: { region, endpoint: url, forcePathStyle: pathStyle === 'on' },
    ...timeouts(),
  };
}

function s3Source(bucket: string): DocumentSource {
  return createS3Source({ ...bucketSettings(bucket), prefix: keyPrefix('S3_PREFIX') });
}

/**
 * RESULTS_S3_PREFIX: where servers and workers with no CACHE_DIR in common share converted PDFs,
 * in RESULTS_S3_BUCKET or else S3_BUCKET (docs/server.md, "Past one machine"): so any source
 * (DOCS_URL, a folder, a bucket) may scale out without a volume. A folder of its own (ending in
 * `/`), outside S3_PREFIX when it is the documents' bucket, so that a converted PDF is never a
 * document.
 */
export function resultsFromEnv(): ConversionResults | undefined {
  const raw = setting('RESULTS_S3_PREFIX');
  if (raw === undefined) {
    if (setting('RESULTS_S3_BUCKET') !== undefined) {
      throw new Error('RESULTS_S3_BUCKET needs RESULTS_S3_PREFIX');
    }
    return undefined;
  }
  const prefix = keyPrefix('RESULTS_S3_PREFIX');
  const documentsBucket = setting('S3_BUCKET');
  const bucket = setting('RESULTS_S3_BUCKET') ?? documentsBucket;
  if (bucket === undefined) {
    throw new Error('RESULTS_S3_PREFIX needs RESULTS_S3_BUCKET or S3_BUCKET');
  }
  if (setting('REDIS_URL') === undefined) {
    throw new Error("RESULTS_S3_PREFIX needs REDIS_URL: only the queue's workers share results");
  }
  const documents = keyPrefix('S3_PREFIX');
  const shared = bucket === documentsBucket;
  if (shared && (prefix.startsWith(documents) || documents.startsWith(prefix))) {
    throw new Error(
      `RESULTS_S3_PREFIX "${prefix}" must lie outside S3_PREFIX "${documents}": converted PDFs would be documents`,
    );
  }
  return createS3Results({ ...bucketSettings(bucket), prefix });
}

export function sourceFromEnv(): DocumentSource | undefined {
  const named = ['DOCS_DIR', 'DOCS_URL', 'S3_BUCKET'].filter((name) => setting(name) !== undefined);
  if (named.length > 1) throw new Error(`set one document source, not ${named.join(' and ')}`);
  for (const [name, needs] of Object.entries(NEEDS)) {
    if (setting(name) !== undefined && needs.every((need) => setting(need) === undefined)) {
      throw new Error(`${name} needs ${needs.join(' or ')}`);
    }
  }
  const template = setting('DOCS_URL');
  if (template !== undefined) {
    return createHttpSource({
      template,
      headers: parseHeaders(setting('DOCS_HEADERS') ?? ''),
      ...timeouts(),
    });
  }
  const bucket = setting('S3_BUCKET');
  return bucket === undefined ? undefined : s3Source(bucket);
}
