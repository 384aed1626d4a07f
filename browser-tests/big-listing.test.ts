// A listing of 10 000 entries through `npm run serve` (docs/decisions/2026-12-06-big-listings.md):
// built in the server's pool, shown as a virtual tree — only the rows in view are in the page —
// that the keyboard still walks end to end (End, Home, the arrows), with one tab stop, axe clean.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildZip } from '../facility/archives/__tests__/_zip.ts';
import { audit } from './support/axe.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import type { RunningServer } from './support/server.ts';
import { newSession, screenshot } from './support/viewer.ts';

const ENTRIES = 10_000;
const root = mkdtempSync(path.join(tmpdir(), 'folio-big-listing-'));
const docsDir = path.join(root, 'docs');
let browser: Browser;
let server: RunningServer;
let served: Served;

before(async () => {
  mkdirSync(docsDir);
  writeFileSync(
    path.join(docsDir, 'many.zip'),
    buildZip(
      Array.from({ length: ENTRIES }, (_, at) => ({
        name: `scan ${String(at + 1).padStart(5, '0')}.pdf`,
        data: Buffer.from(String(at)),
      })),
    ),
  );
  served = await serveWithChromium(root, { AUTH: 'off' });
  ({ server, browser } = served);
});

after(() => served.close());

describe('a listing of 10 000 entries', () => {
  it('is a virtual tree the keyboard walks end to end, one tab stop, axe clean', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await page.goto(`${server.url}/viewer/?doc=many.zip&lang=en`);
    const tree = page.getByRole('tree');
    await tree.waitFor();
    await page.getByText(/^10\D?000 entries$/).waitFor();
    const inPage = () => page.locator('[role="treeitem"]').count();
    assert.ok((await inPage()) < 100, `${String(await inPage())} rows in the page`);

    const first = page.getByRole('treeitem').first();
    await first.focus();
    await page.keyboard.press('End');
    const last = page.locator(`[role="treeitem"][aria-posinset="${String(ENTRIES)}"]`);
    await assert.doesNotReject(last.waitFor());
    assert.equal(await last.evaluate((row) => row === document.activeElement), true);
    assert.match(await last.innerText(), /scan 10000\.pdf/);
    assert.ok(await last.isVisible());
    await page.keyboard.press('ArrowUp');
    const before = page.locator(`[role="treeitem"][aria-posinset="${String(ENTRIES - 1)}"]`);
    assert.equal(await before.evaluate((row) => row === document.activeElement), true);
    // Still one tab stop, the focused row, however far the list went.
    assert.equal(await page.locator('[role="treeitem"][tabindex="0"]').count(), 1);
    assert.ok((await inPage()) < 100);
    await screenshot(page, 'big-listing-end');
    assert.deepEqual(await audit(page, 'big listing at its end'), []);

    await page.keyboard.press('Home');
    const top = page.locator('[role="treeitem"][aria-posinset="1"]');
    assert.equal(await top.evaluate((row) => row === document.activeElement), true);
    assert.ok(await top.isVisible());
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});
