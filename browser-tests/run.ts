// Runs the browser tests: makes the test documents, starts the dev server under BASE_PATH=/viewer/
// with the dev facility over them, then node's test runner over browser-tests/*.test.ts against it
// (FOLIO_URL). Fails when any session saw a CSP violation (support/viewer.ts records them).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { startNpmServer } from './support/server.ts';
import { makeDocsDir } from './support/docs.ts';
import { OUT_DIR } from './support/viewer.ts';

const here = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .map((f) => path.join(here, f));

const cspLog = path.join(OUT_DIR, `csp-violations-${String(process.pid)}.jsonl`);
// The production build, made once by the first test file that needs it (support/build.ts).
const buildDir = mkdtempSync(path.join(tmpdir(), 'folio-build-'));
const docsDir = await makeDocsDir();
// A cache of its own, as on a fresh machine: no preview or fact left by another run (the default
// is the one `npm start` uses).
const cacheDir = mkdtempSync(path.join(tmpdir(), 'folio-test-cache-'));
const server = await startNpmServer(
  'start',
  { BASE_PATH: '/viewer/', DOCS_DIR: docsDir, CACHE_DIR: cacheDir, LIVE_RELOAD: '0' },
  '/viewer/',
);
let code: number;
try {
  code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
      {
        env: {
          ...process.env,
          FOLIO_URL: `${server.url}/viewer/`,
          FOLIO_CSP_LOG: cspLog,
          FOLIO_BUILD_DIR: buildDir,
        },
        stdio: 'inherit',
      },
    );
    child.on('exit', (exitCode) => {
      resolve(exitCode ?? 1);
    });
  });
} finally {
  await server.stop();
  rmSync(docsDir, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
}
const violations = existsSync(cspLog)
  ? readFileSync(cspLog, 'utf8').split('\n').filter(Boolean)
  : [];
if (violations.length > 0) {
  console.error(`\n${String(violations.length)} CSP violation(s) (${cspLog}):`);
  for (const line of violations) console.error(`  ${line}`);
  code ||= 1;
} else {
  console.log('No CSP violations.');
}
process.exit(code);
