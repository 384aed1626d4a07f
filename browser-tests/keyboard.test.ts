// Keyboard only (WCAG 2.1.1, 2.4.3, 2.4.7; docs/decisions/2026-11-26-accessibility.md): with keys
// alone — no click, no element.click(), no programmatic focus — a reader turns pages, zooms,
// searches, opens each panel, prints (the dialog and the job's start) and signs (a typed name,
// placed on the current page, moved with the arrows), every focused control showing a visible
// focus, and focus going back where it was when a dialog or the find bar closes. Screenshots of
// the focus ring on the toolbar and in the signature pad go to .out/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { OUT_DIR, newSession, screenshot, viewerUrl } from './support/viewer.ts';
import { waitForPainted } from './support/pixels.ts';
import { A11Y_DOC } from './support/docs.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

/** window.print counts its calls and ends the job at once. */
function stubPrint(): void {
  const log = { calls: 0 };
  Object.assign(window, { __print: log });
  window.print = () => {
    log.calls += 1;
    setTimeout(() => {
      window.dispatchEvent(new Event('afterprint'));
    }, 50);
  };
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  const visited = new Set<string>();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    visited.add(
      await page.evaluate(() => {
        const el = document.activeElement;
        const name = el?.getAttribute('aria-label') ?? el?.textContent.trim().slice(0, 30) ?? '';
        return `${el?.tagName ?? '-'} “${name}”`;
      }),
    );
  }
  assert.fail(`Tab did not reach ${target.toString()}; it went to ${[...visited].join(', ')}`);
}

/**
 * The focused element shows where the focus is: it matches :focus-visible and draws an outline or
 * a ring (box-shadow) of its own, or its own outline is visible around it.
 */
async function assertFocusVisible(page: Page, what: string) {
  const seen = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { visible: false, detail: 'nothing focused' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    return {
      visible: el.matches(':focus-visible') && (outline || ring),
      detail: `${el.tagName} ${el.className}: outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}, box-shadow ${style.boxShadow}`,
    };
  });
  assert.ok(seen.visible, `${what}: no visible focus (${seen.detail})`);
}

/** Esc closes `dialog`, and the focus goes back to `opener` (document.activeElement). */
async function escapeReturnsFocus(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  const handle = await opener.elementHandle();
  await page.waitForFunction((el) => el === document.activeElement, handle);
}

const hashValue = async (page: Page, key: string) =>
  Number(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get(key));

async function waitForHash(page: Page, key: string, value: number) {
  await page.waitForFunction(
    ([k, v]) => new URLSearchParams(location.hash.slice(1)).get(k) === String(v),
    [key, value] as const,
  );
}

describe('keyboard only', () => {
  it('pages, zoom, search, panels, print and sign without a pointer; focus visible and returned', async () => {
    const session = await newSession(browser, { viewport: { width: 1280, height: 800 } });
    const { page } = session;
    try {
      await page.addInitScript(stubPrint);
      await page.goto(viewerUrl(`?doc=${A11Y_DOC}&lang=en`));
      await waitForPainted(page, 1);
      const bar = page.getByRole('region', { name: 'Toolbar' });
      const button = (name: string) => bar.getByRole('button', { name, exact: true });

      // Pages: the page keys, then the page number box reached with Tab.
      await page.keyboard.press('PageDown');
      await waitForHash(page, 'page', 2);
      await page.keyboard.press('End');
      await waitForHash(page, 'page', 14);
      await page.keyboard.press('Home');
      await waitForHash(page, 'page', 1);
      const pageNumber = bar.getByRole('textbox', { name: 'Page number' });
      await tabTo(page, pageNumber);
      await assertFocusVisible(page, 'page number box');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('5');
      await page.keyboard.press('Enter');
      await waitForHash(page, 'page', 5);

      // Zoom: the control reached with Tab and pressed with Enter, then the shortcut.
      const zoomIn = button('Zoom in');
      await tabTo(page, zoomIn);
      await assertFocusVisible(page, 'Zoom in');
      const bounds = await bar.boundingBox();
      assert.ok(bounds);
      mkdirSync(OUT_DIR, { recursive: true });
      await page.screenshot({
        path: path.join(OUT_DIR, 'keyboard-focus-toolbar.png'),
        clip: { x: 0, y: 0, width: 1280, height: bounds.y + bounds.height + 8 },
      });
      const zoom = await hashValue(page, 'zoom');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (before) => Number(new URLSearchParams(location.hash.slice(1)).get('zoom')) > before,
        zoom,
      );
      await page.keyboard.press('Control+0');
      await waitForHash(page, 'zoom', 100);
      assert.ok(await isFocused(zoomIn), 'the zoom keys leave the focus where it was');

      // The shortcuts help: `?` opens it, Esc closes it, the focus is back on Zoom in.
      await page.keyboard.press('Shift+Slash');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      await escapeReturnsFocus(page, help, zoomIn);

      // Search: Ctrl+F, a query and Enter, the next match, Esc back to Zoom in.
      await page.keyboard.press('Control+f');
      const box = page.getByRole('searchbox', { name: 'Search text' });
      await box.waitFor();
      assert.ok(await isFocused(box), 'Ctrl+F puts the focus in the search box');
      await page.keyboard.type('trace');
      await page.locator('.textLayer .highlight.selected').first().waitFor();
      const hits = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
      await hits.first().waitFor();
      // Enter and F3 each go to the next match.
      const match = () =>
        page.evaluate(() =>
          Number(
            /^(\d+) of \d+$/.exec(
              document.querySelector('.folio-search-count')?.textContent ?? '',
            )?.[1],
          ),
        );
      const waitForMatch = (n: number) =>
        page.waitForFunction(
          (i) =>
            document
              .querySelector('.folio-search-count')
              ?.textContent.startsWith(`${String(i)} of `),
          n,
        );
      await page.waitForFunction(() =>
        /^\d+ of \d+$/.test(document.querySelector('.folio-search-count')?.textContent ?? ''),
      );
      const firstMatch = await match();
      await page.keyboard.press('Enter');
      await waitForMatch(firstMatch + 1);
      await page.keyboard.press('F3');
      await waitForMatch(firstMatch + 2);
      await page.keyboard.press('Escape');
      await box.waitFor({ state: 'detached' });
      assert.ok(await isFocused(zoomIn), 'closing the find bar gives the focus back');

      // Each panel: its toggle with Enter; the thumbnails walked with the arrows.
      const thumbnails = button('Thumbnails');
      await tabTo(page, thumbnails);
      await assertFocusVisible(page, 'Thumbnails');
      await page.keyboard.press('Enter');
      const panel = page.locator('aside.folio-side-panel');
      await panel.waitFor();
      const current = page.locator('[data-thumbnail-number][aria-current="page"]');
      await current.waitFor();
      await tabTo(page, current);
      await assertFocusVisible(page, 'the current thumbnail');
      const from = Number(await current.getAttribute('data-thumbnail-number'));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await waitForHash(page, 'page', from + 2);
      const outline = button('Outline');
      await tabTo(page, outline, { back: true });
      await page.keyboard.press('Enter');
      await page.getByText('This document has no outline.').waitFor();
      await page.keyboard.press('Enter');
      await panel.waitFor({ state: 'detached' });
      assert.ok(await isFocused(outline), 'the toggle keeps the focus');

      // Print: the control with Enter, a choice with the arrows, Esc gives the focus back; then
      // again, and Enter on Print starts the job.
      const printControl = button('Print');
      await tabTo(page, printControl);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Print' });
      await dialog.waitFor();
      await escapeReturnsFocus(page, dialog, printControl);
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      // The chosen radio is the group's one tab stop; the arrows choose another.
      const chosen = dialog.getByRole('radio', { checked: true });
      await tabTo(page, chosen);
      await assertFocusVisible(page, 'the print choice');
      const currentPage = dialog.getByRole('radio', { name: /^Current page/ });
      for (let presses = 0; !(await currentPage.isChecked()); presses += 1) {
        assert.ok(presses < 3, 'the arrows reach “Current page”');
        await page.keyboard.press('ArrowDown');
      }
      assert.ok(await isFocused(currentPage), 'the focus follows the choice');
      const ok = dialog.getByRole('button', { name: 'Print', exact: true });
      await tabTo(page, ok);
      await assertFocusVisible(page, 'the dialog’s Print');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => (window as unknown as { __print: { calls: number } }).__print.calls === 1,
      );
      await dialog.waitFor({ state: 'hidden' });
      const printHandle = await printControl.elementHandle();
      await page.waitForFunction((el) => el === document.activeElement, printHandle);

      // Sign: the pad, a typed name, Confirm, placed on the current page, moved with the arrows.
      const sign = button('Sign');
      await tabTo(page, sign);
      await page.keyboard.press('Enter');
      const pad = page.locator('.folio-sign-modal .ant-modal');
      const typed = pad.getByRole('textbox', { name: 'Or type your name' });
      await typed.waitFor();
      await escapeReturnsFocus(page, pad, sign);
      await page.keyboard.press('Enter');
      await typed.waitFor();
      await tabTo(page, typed);
      await assertFocusVisible(page, 'the typed name');
      await page.keyboard.type('Ada Lovelace');
      const confirm = pad.getByRole('button', { name: 'Confirm' });
      await tabTo(page, confirm);
      await assertFocusVisible(page, 'Confirm');
      await screenshot(page, 'keyboard-focus-sign-pad');
      await page.keyboard.press('Enter');
      await page.locator('.folio-sign-modal .ant-modal-wrap').waitFor({ state: 'hidden' });
      const place = page.getByRole('button', { name: 'Place on current page' });
      await tabTo(page, place);
      await page.keyboard.press('Enter');
      const placed = page.locator('[data-signature-index="0"]');
      await placed.waitFor();
      await tabTo(page, placed);
      await assertFocusVisible(page, 'the placed signature');
      const at = await placed.boundingBox();
      assert.ok(at);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction((x) => {
        const box = document.querySelector('[data-signature-index="0"]')?.getBoundingClientRect();
        return box !== undefined && box.x < x - 1;
      }, at.x);
      await screenshot(page, 'keyboard-focus-signature');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });
});
