/**
 * The S3 source's settings, checked at start like DOCS_URL's (server/source-env.ts): exactly one
 * source, every S3_* setting with S3_BUCKET, a region, an endpoint without credentials; no value of
 * a credential in any message. RESULTS_S3_PREFIX: with a bucket (RESULTS_S3_BUCKET or S3_BUCKET)
 * and REDIS_URL, a folder outside S3_PREFIX in the documents' bucket.
 */
import { resultsFromEnv, sourceFromEnv } from '../source-env.ts';

const saved = { ...process.env };
const SOURCE_VARIABLES = [
  'DOCS_DIR',
  'DOCS_URL',
  'DOCS_HEADERS',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_PREFIX',
  'S3_REGION',
  'S3_PATH_STYLE',
  'AWS_REGION',
  'REDIS_URL',
  'RESULTS_S3_PREFIX',
  'RESULTS_S3_BUCKET',
];

beforeEach(() => {
  process.env = Object.fromEntries(
    Object.entries(saved).filter(([name]) => !SOURCE_VARIABLES.includes(name)),
  );
});
afterEach(() => {
  process.env = { ...saved };
});

test.each([
  [{ S3_BUCKET: 'docs', S3_REGION: 'eu-west-1', DOCS_DIR: '/srv' }, /one document source/],
  [
    { S3_BUCKET: 'docs', S3_REGION: 'eu-west-1', DOCS_URL: 'https://d/{id}' },
    /one document source/,
  ],
  [{ S3_PREFIX: 'docs/' }, /S3_PREFIX needs S3_BUCKET/],
  [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_ENDPOINT needs S3_BUCKET/],
  [{ S3_BUCKET: 'docs' }, /S3_REGION/],
  [{ S3_BUCKET: 'Docs_Bucket', S3_REGION: 'eu-west-1' }, /not a bucket name/],
  [{ S3_BUCKET: 'docs', S3_REGION: 'eu-west-1', S3_PREFIX: '../x/' }, /S3_PREFIX/],
  // A prefix is a folder: `library` would also name `library-private/…` (docs/server.md).
  ...['library', 'library//', '/library/', 'a/./b/', 'a\\b/'].map(
    (prefix): [Record<string, string>, RegExp] => [
      { S3_BUCKET: 'docs', S3_REGION: 'eu-west-1', S3_PREFIX: prefix },
      /S3_PREFIX must be a folder of the bucket ending in "\/"/,
    ],
  ),
  [{ S3_BUCKET: 'docs', S3_REGION: 'eu-west-1', S3_ENDPOINT: 'file:///etc' }, /http: or https:/],
  [
    { S3_BUCKET: 'docs', S3_REGION: 'eu-west-1', S3_ENDPOINT: 'http://key:s3cr3t@minio:9000' },
    /must not hold credentials/,
  ],
  [{ S3_BUCKET: 'docs', S3_REGION: 'eu-west-1', S3_PATH_STYLE: 'yes' }, /S3_PATH_STYLE/],
])('%j is refused', (env, message) => {
  Object.assign(process.env, env);
  expect(() => sourceFromEnv()).toThrow(message);
  try {
    sourceFromEnv();
  } catch (error) {
    expect(String(error)).not.toContain('s3cr3t');
  }
});

test('S3_BUCKET with a region is an s3 source; AWS_REGION is enough', () => {
  process.env.S3_BUCKET = 'docs';
  process.env.S3_ENDPOINT = 'http://127.0.0.1:9000';
  process.env.S3_PREFIX = 'library/';
  process.env.AWS_REGION = 'us-east-1';
  expect(sourceFromEnv()?.kind).toBe('s3');
});

const BUCKET = { S3_BUCKET: 'docs', S3_REGION: 'eu-west-1', REDIS_URL: 'redis://127.0.0.1:6379' };

test.each([
  [{ RESULTS_S3_PREFIX: 'converted/' }, /RESULTS_S3_PREFIX needs RESULTS_S3_BUCKET or S3_BUCKET/],
  [{ ...BUCKET, RESULTS_S3_BUCKET: 'results' }, /RESULTS_S3_BUCKET needs RESULTS_S3_PREFIX/],
  [
    { ...BUCKET, RESULTS_S3_BUCKET: 'docs', RESULTS_S3_PREFIX: 'converted/' },
    /outside S3_PREFIX ""/,
  ],
  [
    { REDIS_URL: 'redis://r', RESULTS_S3_BUCKET: 'Bad_Name', RESULTS_S3_PREFIX: 'c/' },
    /not a bucket name/,
  ],
  [{ REDIS_URL: 'redis://r', RESULTS_S3_BUCKET: 'results', RESULTS_S3_PREFIX: 'c/' }, /S3_REGION/],
  [
    { ...BUCKET, REDIS_URL: '', S3_PREFIX: 'library/', RESULTS_S3_PREFIX: 'converted/' },
    /needs REDIS_URL/,
  ],
  [{ ...BUCKET, S3_PREFIX: 'library/', RESULTS_S3_PREFIX: 'converted' }, /ending in "\/"/],
  [
    { ...BUCKET, S3_PREFIX: 'library/', RESULTS_S3_PREFIX: '../converted/' },
    /folder of the bucket/,
  ],
  [{ ...BUCKET, RESULTS_S3_PREFIX: 'converted/' }, /outside S3_PREFIX ""/],
  [{ ...BUCKET, S3_PREFIX: 'library/', RESULTS_S3_PREFIX: 'library/converted/' }, /outside/],
  [{ ...BUCKET, S3_PREFIX: 'lib/docs/', RESULTS_S3_PREFIX: 'lib/' }, /outside/],
])('%j is refused', (env, message) => {
  Object.assign(process.env, env);
  expect(() => resultsFromEnv()).toThrow(message);
});

test('RESULTS_S3_PREFIX beside S3_PREFIX shares results; unset, none', () => {
  Object.assign(process.env, BUCKET, { S3_PREFIX: 'library/' });
  expect(resultsFromEnv()).toBeUndefined();
  process.env.RESULTS_S3_PREFIX = 'folio-converted/';
  expect(resultsFromEnv()).toMatchObject({
    has: expect.any(Function) as unknown,
    put: expect.any(Function) as unknown,
    copyTo: expect.any(Function) as unknown,
  });
});

test('DOCS_URL with RESULTS_S3_BUCKET: an http source, results in their own bucket', () => {
  Object.assign(process.env, {
    DOCS_URL: 'https://dms.internal/files/{id}',
    RESULTS_S3_BUCKET: 'results',
    RESULTS_S3_PREFIX: 'converted/',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_REGION: 'us-east-1',
    REDIS_URL: 'redis://127.0.0.1:6379',
  });
  // The endpoint and region are the results' bucket's, so they are not refused without S3_BUCKET.
  expect(sourceFromEnv()?.kind).toBe('http');
  expect(resultsFromEnv()).toMatchObject({ put: expect.any(Function) as unknown });
  // Another bucket than the documents': its prefix may be anything, even the documents'.
  delete process.env.DOCS_URL;
  Object.assign(process.env, { S3_BUCKET: 'docs', S3_PREFIX: 'library/' });
  process.env.RESULTS_S3_PREFIX = 'library/';
  expect(resultsFromEnv()).toMatchObject({ put: expect.any(Function) as unknown });
});
