// Conversions on the queue (docs/server.md, "npm run worker") as a reader meets them: `npm run serve` with REDIS_URL over
// the production build, one `npm run worker`, a real redis-server; an office file opens in Chromium
// after the worker has converted it, with its pages painted.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  freePort,
  killAll,
  startRedis,
  startServeProcess,
  startWorker,
  stop,
} from '../server/__tests__/_cluster.ts';
import type { Proc } from '../server/__tests__/_cluster.ts';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { waitForPainted } from './support/pixels.ts';
import { newSession, screenshot } from './support/viewer.ts';

const FIXTURE = path.join(import.meta.dirname, '..', 'server', '__tests__', 'fixtures');
const root = mkdtempSync(path.join(tmpdir(), 'folio-queue-browser-'));
const shared = { docsDir: path.join(root, 'docs'), cacheDir: path.join(root, 'cache') };
const procs: Proc[] = [];
let api: string;
let browser: Browser;

before(async () => {
  mkdirSync(shared.docsDir);
  mkdirSync(shared.cacheDir);
  copyFileSync(path.join(FIXTURE, 'three-pages.docx'), path.join(shared.docsDir, '报告 a.docx'));
  const { distDir } = await prodBuild();
  const redisPort = await freePort();
  procs.push(await startRedis(redisPort));
  const queued = { ...shared, redisUrl: `redis://127.0.0.1:${String(redisPort)}` };
  const server = await startServeProcess(queued, distDir);
  procs.push(server);
  api = server.api;
  procs.push(await startWorker(queued, {}));
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
  for (const proc of procs.reverse()) await stop(proc);
  killAll();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run serve with REDIS_URL and npm run worker', () => {
  it('opens an office file the worker converted, its pages painted', async () => {
    const session = await newSession(browser, { viewport: { width: 1280, height: 900 } });
    const { page } = session;
    try {
      const viewer = api.replace(/api\/$/, '');
      await page.goto(`${viewer}?doc=${encodeURIComponent('报告 a.docx')}&lang=en`);
      await waitForPainted(page, 1, 90_000);
      assert.equal(await page.locator('[data-page-number]').count(), 3);
      const cached = readdirSync(shared.cacheDir).filter((name) => name.endsWith('.pdf'));
      assert.equal(cached.length, 1, 'the worker published one PDF in the shared cache');
      const health = (await (await fetch(`${api}health`)).json()) as {
        queue?: { available: boolean; workers: number };
      };
      assert.deepEqual(
        { available: health.queue?.available, workers: health.queue?.workers },
        { available: true, workers: 1 },
      );
      await screenshot(page, 'queue-office-file');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });
});
