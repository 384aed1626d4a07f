// Range-first loading (docs/decisions/2026-11-25-range-first.md) on an emulated 20 Mbit/s + 40 ms link, production build: page 1 of
// a 3.6 MB document is painted from the byte ranges it needs, long before the whole file has
// arrived; and no page pixel is ever on screen before the policy that governs it (the watermark
// drawn over the stage, anti-copy on).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../server/app.ts';
import { RANGE_CHUNK } from '../src/services/pdf/firstRanges.ts';
import type { RunningServer } from '../server/app.ts';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot } from './support/viewer.ts';

const LINK = { latency: 40, downloadThroughput: (20e6 / 8) | 0, uploadThroughput: (20e6 / 8) | 0 };
const SAMPLE = path.join(import.meta.dirname, '..', 'mock', 'documents', 'text-1000.pdf');
const TRACEMONKEY = path.join(import.meta.dirname, '..', 'mock', 'documents', 'tracemonkey.pdf');
const root = mkdtempSync(path.join(tmpdir(), 'folio-range-'));
let browser: Browser;
let server: RunningServer;

before(async () => {
  const { distDir } = await prodBuild();
  copyFileSync(SAMPLE, path.join(root, 'big.pdf'));
  copyFileSync(TRACEMONKEY, path.join(root, 'tm.pdf'));
  writeFileSync(
    path.join(root, 'tm.pdf.json'),
    JSON.stringify({ watermarkInfo: { text: 'reader · first-page ranges' } }),
  );
  writeFileSync(
    path.join(root, 'big.pdf.json'),
    JSON.stringify({ watermarkInfo: { text: 'reader · range-first' } }),
  );
  // A facility slow to answer (2.5 s): the PDF's bytes wait for it, since only the answer says the
  // view is pages (decisions/2026-12-06-boot-before-the-app.md; earlier 2026-11-25-range-first.md).
  copyFileSync(SAMPLE, path.join(root, 'slow.pdf'));
  writeFileSync(
    path.join(root, 'slow.pdf.json'),
    JSON.stringify({ delayMs: 2500, watermarkInfo: { text: 'reader · slow facility' } }),
  );
  server = await startServer({
    port: 0,
    basePath: '/viewer/',
    docsDir: root,
    // Its own: the facts (and their named ranges) this machine's earlier runs cached are not read.
    cacheDir: path.join(root, 'cache'),
    distDirs: [distDir],
    // The sidecars' delayMs, as `npm run preview` honours it.
    simulate: true,
  });
  browser = await launchChromium();
  // The facts of the 1000 pages are read once, here: the test's answer is late by its delay only.
  await fetch(`${server.url}api/documents/slow.pdf`);
});

after(async () => {
  await browser.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface FirstInk {
  watermark: boolean;
  antiCopy: boolean;
  /** Scripts asked for by then (the <script> elements added), by chunk name. */
  chunks: string[];
}
type InkWindow = Window & { __firstInk?: FirstInk };

/** An init script: at the first frame in which page 1's canvas has ink, what policy is in place. */
function watchFirstInk() {
  // webpack removes a chunk's <script> once it has run: every one added is noted as it comes.
  const requested = new Set<string>();
  new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      const name =
        node instanceof HTMLScriptElement && /([a-z-]+)\.[0-9a-f]{8}\.js$/.exec(node.src)?.[1];
      if (name) requested.add(name);
    }
  }).observe(document, { childList: true, subtree: true });
  const look = () => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-page-number="1"] canvas');
    const context = canvas && canvas.width > 0 ? canvas.getContext('2d') : null;
    if (canvas && context) {
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4 * 97) {
        if (data[i + 3] > 0 && data[i] < 200) {
          (window as InkWindow).__firstInk = {
            watermark:
              document.querySelector(
                '.folio-stage.folio-watermarked > div[style*="background-image"]',
              ) !== null,
            antiCopy: document.documentElement.hasAttribute('data-folio-anti-copy'),
            chunks: [...requested],
          };
          return;
        }
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** A session on the emulated link, watching for page 1's first ink. */
async function linkSession() {
  const session = await newSession(browser, { viewport: { width: 1280, height: 800 } });
  const { page } = session;
  await page.addInitScript(watchFirstInk);
  const cdp = await session.context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  return { session, page, cdp };
}

async function waitForFirstInk(page: Page): Promise<FirstInk> {
  const handle = await page
    .waitForFunction<FirstInk | undefined>(() => (window as InkWindow).__firstInk, undefined, {
      timeout: 30_000,
    })
    .catch(async (error: unknown) => {
      // What the reader saw instead, for whoever reads the failure.
      const seen = await page.evaluate(() => ({
        canvases: document.querySelectorAll('[data-page-number="1"] canvas').length,
        text: document.body.innerText.slice(0, 300),
      }));
      await screenshot(page, 'range-first-no-ink');
      throw new Error(`no ink on page 1: ${JSON.stringify(seen)}`, { cause: error });
    });
  const firstInk = await handle.jsonValue();
  assert.ok(firstInk, 'page 1 got ink');
  return firstInk;
}

describe('range-first loading', () => {
  it('paints page 1 of 3.6 MB from its ranges, under its watermark and anti-copy, before antd is asked for (a facility without previews)', async () => {
    const { session, page, cdp } = await linkSession();
    try {
      // With previews page 1's first pixels are its preview's (behaviour.md, "Page previews first").
      await page.route(/\/api\/documents\/big\.pdf$/, async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as Record<string, unknown>;
        delete answer.previews;
        await route.fulfill({ response, json: answer });
      });
      const content = new Set<string>();
      const statuses: number[] = [];
      let received = 0;
      cdp.on('Network.responseReceived', ({ requestId, response }) => {
        if (!response.url.includes('/documents/big.pdf/content')) return;
        content.add(requestId);
        statuses.push(response.status);
      });
      cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
        if (content.has(requestId)) received += dataLength;
      });
      await page.goto(`${server.url}?doc=big.pdf&lang=en`, { waitUntil: 'commit' });
      const firstInk = await waitForFirstInk(page);
      const bytesAtInk = received;
      const size = statSync(SAMPLE).size;
      console.log(
        `page 1 inked with ${String(bytesAtInk)} of ${String(size)} bytes (${((100 * bytesAtInk) / size).toFixed(1)} %); statuses ${statuses.join(' ')}`,
      );
      const { chunks, ...policy } = firstInk;
      assert.deepEqual(policy, { watermark: true, antiCopy: true }, 'policy before pixels');
      // Only the entries (the stage's, with pdf.js's display layer, and the app's) and the page's
      // two chunks before the viewer's page 1: antd's bytes come after
      // (decisions/2026-12-07-boot-draws-page-one.md).
      assert.deepEqual([...chunks].sort(), ['main', 'stage', 'viewer', 'viewer-vendor']);
      await page.getByLabel('Page number', { exact: true }).waitFor({ timeout: 15_000 });
      assert.ok(statuses.includes(206), 'pdf.js asked for byte ranges');
      assert.ok(
        bytesAtInk < size / 2,
        `page 1 came from part of the file (${String(bytesAtInk)} B)`,
      );
      await screenshot(page, 'range-first');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });

  it("waits for a slow facility's answer before asking for the PDF, and draws nothing before its policy", async () => {
    const { session, page, cdp } = await linkSession();
    try {
      const metadata = new Set<string>();
      let metadataDone: number | undefined;
      const content: { started: number; range?: string; status?: number }[] = [];
      const contentIds = new Map<string, number>();
      cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
        if (request.url.endsWith('/api/documents/slow.pdf')) metadata.add(requestId);
        if (request.url.endsWith('/api/documents/slow.pdf/content')) {
          const range = (request.headers as Record<string, string | undefined>).Range;
          contentIds.set(requestId, content.push({ started: timestamp, range }) - 1);
        }
      });
      cdp.on('Network.responseReceived', ({ requestId, response, timestamp }) => {
        // The facility's delay comes before its answer's headers.
        if (metadata.has(requestId)) metadataDone = timestamp;
        const index = contentIds.get(requestId);
        if (index !== undefined) content[index] = { ...content[index], status: response.status };
      });
      await page.goto(`${server.url}?doc=slow.pdf&lang=en`, { waitUntil: 'commit' });
      const firstInk = await waitForFirstInk(page);
      // This CDP session's events may trail the page's by a moment.
      for (let i = 0; i < 40 && metadataDone === undefined; i += 1) await sleep(50);
      const { watermark, antiCopy } = firstInk;
      assert.deepEqual({ watermark, antiCopy }, { watermark: true, antiCopy: true });
      assert.ok(metadataDone !== undefined, 'the facility answered');
      const [first] = content;
      assert.ok(first, 'the PDF was asked for');
      const lead = metadataDone - first.started;
      console.log(`the PDF's first request left ${(1000 * -lead).toFixed(0)} ms after the answer`);
      // Only the answer says whether the view is pages: a listing, a sheet or a password-protected
      // file has no PDF to ask for (decisions/2026-12-06-boot-before-the-app.md).
      assert.ok(lead <= 0, `the PDF's first request left before the facility answered`);
      // The boot's request was taken over: the head was asked for once, and nothing was whole.
      const heads = content.filter((request) => request.range === 'bytes=0-131071');
      assert.equal(heads.length, 1, `ranges ${content.map((r) => String(r.range)).join(' ')}`);
      // Every request answered so far is a range (the rest may still be on its way).
      const answered = content.filter((request) => request.status !== undefined);
      assert.ok(
        answered.length > 0 && answered.every((request) => request.status === 206),
        `statuses ${content.map((request) => String(request.status)).join(' ')}`,
      );
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });

  it("asks for the ranges the answer names for page 1 with the tail: pdf.js then asks for none before page 1's ink", async () => {
    /** The content ranges asked for until page 1's first ink, with or without the named ones. */
    const rangesToInk = async (named: boolean) => {
      const { session, page, cdp } = await linkSession();
      try {
        let answered: unknown;
        let answerGiven = (): void => undefined;
        const given = new Promise<void>((resolve) => {
          answerGiven = resolve;
        });
        // The PDF's bytes are held until the answer is given, so that this test is about the
        // answer naming page 1's ranges before pdf.js finds page 1's objects itself.
        await page.route(/\/api\/documents\/tm\.pdf\/content$/, async (route) => {
          await given;
          await route.continue();
        });
        await page.route(/\/api\/documents\/tm\.pdf$/, async (route) => {
          const response = await route.fetch();
          const answer = (await response.json()) as Record<string, unknown>;
          answered = answer.firstPageRanges;
          if (!named) delete answer.firstPageRanges;
          // Without a preview to wait for, the boot asks for the PDF's ranges with the answer.
          delete answer.previews;
          await route.fulfill({ response, json: answer });
          answerGiven();
        });
        const ranges: string[] = [];
        cdp.on('Network.requestWillBeSent', ({ request }) => {
          if (!request.url.endsWith('/api/documents/tm.pdf/content')) return;
          ranges.push(String((request.headers as Record<string, string | undefined>).Range));
        });
        const start = Date.now();
        await page.goto(`${server.url}?doc=tm.pdf&lang=en`, { waitUntil: 'commit' });
        const { watermark, antiCopy } = await waitForFirstInk(page);
        const inkMs = Date.now() - start;
        assert.deepEqual({ watermark, antiCopy }, { watermark: true, antiCopy: true });
        assert.deepEqual(session.problems, []);
        // The rest of the file, streamed once page 1 shows, is not pdf.js asking.
        const rest = `bytes=131072-${String(statSync(TRACEMONKEY).size - 1)}`;
        return { ranges: ranges.filter((range) => range !== rest), inkMs, answered };
      } finally {
        await session.close();
      }
    };
    const size = statSync(TRACEMONKEY).size;
    const head = 'bytes=0-131071';
    const tail = `bytes=${String(size - 65536)}-${String(size - 1)}`;
    const withRanges = await rangesToInk(true);
    // pdf.js's reading of tracemonkey's page 1 in 16 kB chunks (facility/facts/first-page-ranges.ts).
    assert.equal(RANGE_CHUNK, 16_384);
    assert.deepEqual(withRanges.answered, [
      [0, 16383],
      [819200, 835583],
      [868352, size - 1],
    ]);
    // Less the head and the tail, which the viewer asks for anyway.
    const named = ['bytes=819200-835583', `bytes=868352-${String(size - 65536 - 1)}`];
    /** Ranges asked for from where page 1's named ranges begin, less `asked`. */
    const beyondHead = (ranges: string[], asked: string[]) =>
      ranges.filter(
        (range) => !asked.includes(range) && Number(/^bytes=(\d+)-/.exec(range)?.[1]) >= 819200,
      );
    /** Ranges asked for inside what page 1 needs beyond the head: pdf.js finding them itself. */
    const foundByPdfjs = (ranges: string[]) => beyondHead(ranges, [head, tail, ...named]);
    for (const range of [head, tail, ...named]) {
      assert.equal(
        withRanges.ranges.filter((one) => one === range).length,
        1,
        `${range} once in ${withRanges.ranges.join(' ')}`,
      );
    }
    assert.deepEqual(foundByPdfjs(withRanges.ranges), []);
    // Without them, pdf.js finds what page 1 needs a range at a time: more requests beyond the
    // head than the named ones, and the long named range never asked for whole.
    const without = await rangesToInk(false);
    assert.ok(!without.ranges.includes(named[1] ?? ''), `ranges ${without.ranges.join(' ')}`);
    assert.ok(
      beyondHead(without.ranges, [head, tail]).length > named.length,
      `ranges ${without.ranges.join(' ')}`,
    );
    console.log(
      `tracemonkey's page 1 inked at ${String(withRanges.inkMs)} ms with the named ranges (${String(withRanges.ranges.length)} requests), ${String(without.inkMs)} ms without (${String(without.ranges.length)}: ${without.ranges.join(' ')})`,
    );
  });
});
