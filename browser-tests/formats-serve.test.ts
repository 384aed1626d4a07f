// Formats drawn as pages, through `npm run serve` with signed links (docs/server.md, "CAD drawings"
// and "Formats"): a DXF floor plan, a DWG (through the sandboxed DWG reader), an OFD invoice and
// an EPUB book open to page 1, their words found by search, the watermark over them; a PSD opens
// to page 1, its flattened image drawn (left half red, right half blue, as the tests write it).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { dxfText, floorPlan } from '../facility/conversion/__tests__/_dxf.ts';
import { psd } from '../facility/conversion/__tests__/_decoded-images.ts';
import { RED_WATERMARK } from './support/docs.ts';
import {
  pageRegion,
  paintedPixels,
  redPixels,
  waitForPainted,
  watermarkPixels,
  WATERMARK_LAYER,
} from './support/pixels.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import type { RunningServer } from './support/server.ts';
import { hostKey } from './support/signed-links.ts';
import type { HostKey } from './support/signed-links.ts';
import { makeDrawnDocs } from './support/drawn-docs.ts';
import { newSession, screenshot } from './support/viewer.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'server', '__tests__', 'fixtures');
const root = mkdtempSync(path.join(tmpdir(), 'folio-formats-serve-'));
const docsDir = path.join(root, 'docs');
let browser: Browser;
let server: RunningServer;
let served: Served;
let key: HostKey;

before(async () => {
  key = await hostKey(root);
  mkdirSync(docsDir);
  const sidecar = JSON.stringify({ param: { showSearch: true }, watermarkInfo: RED_WATERMARK });
  writeFileSync(path.join(docsDir, 'plan.dxf'), dxfText(floorPlan()));
  writeFileSync(path.join(docsDir, 'plan.dxf.json'), sidecar);
  writeFileSync(path.join(docsDir, 'design.psd'), psd(800, 500));
  // An AutoCAD 2018 drawing from ACadSharp's samples (MIT; server/__tests__/fixtures/README.md).
  copyFileSync(path.join(FIXTURES, 'export_sample.dwg'), path.join(docsDir, 'sample.dwg'));
  writeFileSync(path.join(docsDir, 'sample.dwg.json'), sidecar);
  await makeDrawnDocs(docsDir);
  served = await serveWithChromium(root, { AUTH_PUBLIC_KEYS: key.keysFile, LOG_LEVEL: 'warn' });
  ({ server, browser } = served);
});

after(() => served.close());

async function open(page: Page, doc: string, rest = '', pages: string | RegExp = '1 / 1') {
  const signed = await key.token(doc);
  await page.goto(
    `${server.url}/viewer/?doc=${encodeURIComponent(doc)}&lang=en#token=${signed}${rest}`,
  );
  await page.getByText(pages, { exact: true }).waitFor({ timeout: 120_000 });
  await waitForPainted(page, 1);
}

describe('CAD drawings and decoded images through npm run serve, with a signed link', () => {
  it('a DXF floor plan: page 1 drawn, 平面图 found by search, the watermark over it', async () => {
    const session = await newSession(browser);
    const { page } = session;
    try {
      await open(page, 'plan.dxf', `&search=${encodeURIComponent('平面图')}`);
      await page.getByRole('searchbox', { name: 'Search text' }).waitFor();
      await page.waitForFunction(
        () =>
          /^1 of 1$/.test(document.querySelector('.folio-search-count')?.textContent.trim() ?? ''),
        undefined,
        { timeout: 30_000 },
      );
      await page.locator(WATERMARK_LAYER).waitFor({ state: 'attached' });
      assert.ok((await watermarkPixels(page, await pageRegion(page, 1))) > 200);
      await screenshot(page, 'formats-serve-dxf');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });

  it('a DWG: page 1 drawn through the sandboxed DWG reader, Goodbye found, the watermark over it', async () => {
    const session = await newSession(browser);
    const { page } = session;
    try {
      await open(page, 'sample.dwg', '&search=Goodbye');
      await page.waitForFunction(
        () =>
          /^1 of 1$/.test(document.querySelector('.folio-search-count')?.textContent.trim() ?? ''),
        undefined,
        { timeout: 30_000 },
      );
      // Its MTEXT's line breaks (DXF's `^J`) read as breaks, not as text.
      const words = await page.locator('.textLayer').first().innerText();
      assert.match(words, /Hello/);
      assert.doesNotMatch(words, /\^J/);
      assert.ok((await watermarkPixels(page, await pageRegion(page, 1))) > 200);
      await screenshot(page, 'formats-serve-dwg');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });

  for (const [doc, words, hits] of [
    // 发票联, 电子发票（普通发票）: the template's word and the title's two.
    ['drawn-invoice.ofd', '发票', 3],
    // A heading and five sentences of the three chapters.
    ['drawn-book.epub', 'keeper', 6],
  ] as const) {
    it(`${doc}: page 1 drawn, "${words}" found ${String(hits)} times, the watermark over it`, async () => {
      const session = await newSession(browser);
      const { page } = session;
      try {
        await open(page, doc, `&search=${encodeURIComponent(words)}`, /^1 \/ \d+$/);
        await page.waitForFunction(
          (count) =>
            document.querySelector('.folio-search-count')?.textContent.trim() === `1 of ${count}`,
          String(hits),
          { timeout: 30_000 },
        );
        assert.equal(await page.locator(WATERMARK_LAYER).count(), 1);
        assert.ok((await watermarkPixels(page, await pageRegion(page, 1))) > 200);
        await screenshot(page, `formats-serve-${doc}`);
        assert.deepEqual(session.problems, []);
      } finally {
        await session.close();
      }
    });
  }

  it('a PSD: page 1 is its flattened image', async () => {
    const session = await newSession(browser);
    const { page } = session;
    try {
      await open(page, 'design.psd');
      // The red half, drawn by pdf.js from the JPEG the server embedded: about half the page.
      const red = await redPixels(page, 1);
      const painted = await paintedPixels(page, 1);
      assert.ok(red > 0.35 * painted, `${String(red)} red of ${String(painted)} painted`);
      await screenshot(page, 'formats-serve-psd');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });
});
