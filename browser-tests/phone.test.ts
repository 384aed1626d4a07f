// The phone (behaviour.md, "The phone and the shortcuts help") on a 390 × 844 touch screen with real CDP touch events: the mobile
// menu and the floating ball, pinch zoom (previewed, then re-rendered, clamped to 20–200 %, off
// with isMobScaleDisabled), one page at a time with swipes (isVertical false) or vertical
// scrolling (isVertical true), double-tap to fit the width.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { newSession, PHONE, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { pageBox, waitForPainted } from './support/pixels.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

interface Phone extends ViewerSession {
  cdp: CDPSession;
}

async function open(doc: string): Promise<Phone> {
  const session = await newSession(browser, PHONE);
  await session.page.goto(viewerUrl(`?doc=${doc}`));
  await waitForPainted(session.page, 1);
  const cdp = await session.context.newCDPSession(session.page);
  return { ...session, cdp };
}

const zoomDisplay = (page: Page) => page.locator('.folio-zoom-display');
const pageDisplay = (page: Page) => page.getByText(/^\d+ \/ \d+$/).first();

async function waitForText(locator: ReturnType<Page['getByText']>, text: string) {
  await locator.filter({ hasText: text }).waitFor({ timeout: 15_000 });
  assert.equal((await locator.textContent())?.trim(), text);
}

/** The middle of the pages' area, where the gestures happen. */
async function stageCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.locator('.folio-pdf-container').boundingBox();
  assert.ok(box);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function pinch(cdp: CDPSession, centre: { x: number; y: number }, from: number, to: number) {
  const points = (d: number) => [
    { x: centre.x - d / 2, y: centre.y, id: 0 },
    { x: centre.x + d / 2, y: centre.y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  const steps = 8;
  for (let i = 1; i <= steps; i += 1) {
    const d = from + ((to - from) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(d) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function drag(
  cdp: CDPSession,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 6,
) {
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ ...from, id: 0 }],
  });
  for (let i = 1; i <= steps; i += 1) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y, id: 0 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function doubleTap(cdp: CDPSession, at: { x: number; y: number }) {
  // Sent together, not one after another's answer: on a loaded machine four round trips to the
  // browser could put the taps further apart than a double-tap's 300 ms.
  const touch = (type: 'touchStart' | 'touchEnd') =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchStart' ? [{ ...at, id: 0 }] : [],
    });
  await Promise.all([
    touch('touchStart'),
    touch('touchEnd'),
    touch('touchStart'),
    touch('touchEnd'),
  ]);
}

async function pageWidth(page: Page, n = 1): Promise<number> {
  const box = await pageBox(page, n);
  assert.ok(box, `page ${String(n)} has a box`);
  return box.width;
}

/** Waits until page n's box is `expected` CSS px wide (±4 %) and painted again. */
async function waitForWidth(page: Page, expected: number, n = 1) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const width = await pageWidth(page, n);
    if (Math.abs(width - expected) <= expected * 0.04) break;
    if (Date.now() > deadline)
      assert.fail(`page width ${String(width)}, expected ≈ ${String(expected)}`);
    await page.waitForTimeout(100);
  }
  await waitForPainted(page, n);
}

describe('phone: the mobile menu', () => {
  it('Menu opens the hidden controls, a used one closes it, Esc closes and focus returns', async () => {
    const s = await open('phone.pdf');
    try {
      const { page } = s;
      const bar = page.getByRole('region', { name: 'Toolbar' });
      for (const name of ['Previous page', 'Next page', 'Zoom out', 'Zoom in', 'Menu']) {
        assert.ok(await bar.getByRole('button', { name, exact: true }).isVisible(), name);
      }
      for (const name of ['Rotate clockwise', 'Thumbnails', 'Download', 'Fullscreen']) {
        assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, name);
      }
      await bar.getByRole('button', { name: 'Menu', exact: true }).tap();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      for (const name of [
        'Rotate counterclockwise',
        'Rotate clockwise',
        'Thumbnails',
        'Fullscreen',
        'Download',
      ]) {
        assert.ok(await menu.getByRole('button', { name, exact: true }).isVisible(), name);
      }
      // Each row shows its name as text (generated from its aria-label).
      const label = await menu
        .getByRole('button', { name: 'Thumbnails' })
        .evaluate((el) => getComputedStyle(el, '::after').content);
      assert.equal(label, '"Thumbnails"');
      await page.waitForTimeout(400);
      await screenshot(page, 'phone-menu');

      await menu.getByRole('button', { name: 'Rotate clockwise' }).tap();
      await menu.waitFor({ state: 'hidden' });
      // Rotated: page 1 lies on its side.
      await page.waitForFunction(() => {
        const box = document.querySelector('[data-page-number="1"]')?.getBoundingClientRect();
        return box !== undefined && box.width > box.height;
      });

      const menuButton = bar.getByRole('button', { name: 'Menu', exact: true });
      await menuButton.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('aria-label') === 'Menu',
      );
      assert.deepEqual(s.problems, []);
    } finally {
      await s.close();
    }
  });

  it('the floating ball opens the menu by default and is absent with isShowBall false', async () => {
    const s = await open('phone.pdf');
    try {
      await s.page.getByRole('button', { name: 'Quick menu' }).tap();
      await s.page.getByRole('dialog', { name: 'Menu' }).waitFor();
    } finally {
      await s.close();
    }
    const without = await open('phone-noball.pdf');
    try {
      assert.equal(await without.page.getByRole('button', { name: 'Quick menu' }).count(), 0);
      assert.ok(await without.page.getByRole('button', { name: 'Menu', exact: true }).isVisible());
    } finally {
      await without.close();
    }
  });
});

/** Page 1's painted box lies within the screen's width, and fills it but for pdf.js's border. */
async function assertFitted(page: Page, screenWidth: number) {
  const container = await page.locator('.folio-pdf-container').evaluate((el) => el.clientWidth);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const box = await pageBox(page, 1);
    assert.ok(box);
    const fits = box.x >= 0 && box.x + box.width <= screenWidth + 0.5;
    // The fit is rounded down to the model's whole percent: up to 1 % of the page's width less.
    if (fits && box.width >= (container - 18) * 0.96) break;
    if (Date.now() > deadline) {
      assert.fail(
        `page 1 at x=${String(box.x)}, ${String(box.width)} wide on ${String(screenWidth)}`,
      );
    }
    await page.waitForTimeout(100);
  }
  await waitForPainted(page, 1);
}

describe('phone: opens fitted to the width', () => {
  it('the whole width of page 1 is visible at once, and the zoom display shows the real percentage', async () => {
    const s = await open('phone.pdf');
    try {
      const { page } = s;
      await assertFitted(page, 390);
      const shown = (await zoomDisplay(page).textContent())?.trim() ?? '';
      const percent = Number(/^(\d+)%$/.exec(shown)?.[1]);
      // 390 px for a Letter page (816 px at 100 %): about 45 %.
      assert.ok(percent > 30 && percent < 60, shown);
      assert.equal(await zoomDisplay(page).getAttribute('aria-label'), `Zoom ${shown}`);
      await screenshot(page, 'phone-open-fitted');
      assert.deepEqual(s.problems, []);
    } finally {
      await s.close();
    }
  });

  it('keeps the fit when the page is rotated and when the phone turns', async () => {
    const s = await newSession(browser, { ...PHONE, viewport: { width: 360, height: 740 } });
    try {
      const { page } = s;
      await page.goto(viewerUrl('?doc=phone.pdf'));
      await assertFitted(page, 360);
      await page
        .getByRole('region', { name: 'Toolbar' })
        .getByRole('button', { name: 'Menu', exact: true })
        .tap();
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('button', { name: 'Rotate clockwise' })
        .tap();
      await assertFitted(page, 360);
      await page.setViewportSize({ width: 740, height: 360 });
      await assertFitted(page, 740);
      await screenshot(page, 'phone-turned-fitted');
      assert.deepEqual(s.problems, []);
    } finally {
      await s.close();
    }
  });

  it("a step from the fitted zoom is 20 % more, and from then on the reader's zoom stays", async () => {
    const s = await open('phone.pdf');
    try {
      const { page } = s;
      await assertFitted(page, 390);
      const fitted = Number((await zoomDisplay(page).textContent())?.trim().replace('%', ''));
      await page.getByRole('button', { name: 'Zoom in' }).tap();
      await waitForText(zoomDisplay(page), `${String(fitted + 20)}%`);
      await page.setViewportSize({ width: 380, height: 844 });
      await page.waitForTimeout(500);
      assert.equal((await zoomDisplay(page).textContent())?.trim(), `${String(fitted + 20)}%`);
    } finally {
      await s.close();
    }
  });
});

describe('phone: gestures', () => {
  it('a pinch zooms within 20–200 % and the page is rendered again at the new size', async () => {
    const s = await open('phone.pdf#zoom=100');
    try {
      const { page, cdp } = s;
      await waitForText(zoomDisplay(page), '100%');
      const width100 = await pageWidth(page);
      const centre = await stageCentre(page);

      await pinch(cdp, centre, 100, 700);
      await waitForText(zoomDisplay(page), '200%');
      await waitForWidth(page, width100 * 2);
      await screenshot(page, 'phone-pinch-out');

      await pinch(cdp, centre, 300, 20);
      await waitForText(zoomDisplay(page), '20%');
      await waitForWidth(page, width100 * 0.2);

      await pinch(cdp, centre, 100, 250);
      await waitForText(zoomDisplay(page), '50%');
      await waitForWidth(page, width100 * 0.5);
      await screenshot(page, 'phone-pinch');
      // No transform is left behind once the fingers lift.
      assert.equal(await page.locator('.pdfViewer').evaluate((el) => el.style.transform), '');
      assert.deepEqual(s.problems, []);
    } finally {
      await s.close();
    }
  });

  it('a pinch does nothing with isMobScaleDisabled', async () => {
    const s = await open('phone-noscale.pdf#zoom=100');
    try {
      const { page, cdp } = s;
      const before = await pageWidth(page);
      await pinch(cdp, await stageCentre(page), 100, 400);
      await page.waitForTimeout(1000);
      assert.equal((await zoomDisplay(page).textContent())?.trim(), '100%');
      assert.equal(await pageWidth(page), before);
    } finally {
      await s.close();
    }
  });

  it('double-tap fits the width, a second one goes back', async () => {
    const s = await open('phone.pdf#zoom=100');
    try {
      const { page, cdp } = s;
      const width100 = await pageWidth(page);
      const centre = await stageCentre(page);
      await doubleTap(cdp, centre);
      const container = await page.locator('.folio-pdf-container').evaluate((el) => el.clientWidth);
      // The page's box (the canvas and pdf.js's 9 px border each side) fills the width.
      await waitForWidth(page, container - 18);
      assert.notEqual((await zoomDisplay(page).textContent())?.trim(), '100%');
      await doubleTap(cdp, centre);
      await waitForText(zoomDisplay(page), '100%');
      await waitForWidth(page, width100);
    } finally {
      await s.close();
    }
  });

  it('isVertical false: one page at a time, a left swipe turns to page 2 and a right one back', async () => {
    const s = await open('phone.pdf');
    try {
      const { page, cdp } = s;
      const centre = await stageCentre(page);
      // Opened fitted to the width, so a swipe is not a pan.
      await assertFitted(page, 390);
      await waitForText(pageDisplay(page), '1 / 14');
      await drag(cdp, { x: centre.x + 120, y: centre.y }, { x: centre.x - 120, y: centre.y + 10 });
      await waitForText(pageDisplay(page), '2 / 14');
      await waitForPainted(page, 2);
      // pdf.js's page mode: only the current page is laid out.
      assert.equal(await page.locator('[data-page-number="1"]').isVisible(), false);
      await screenshot(page, 'phone-swipe-page-2');
      await drag(cdp, { x: centre.x - 120, y: centre.y }, { x: centre.x + 120, y: centre.y - 10 });
      await waitForText(pageDisplay(page), '1 / 14');
    } finally {
      await s.close();
    }
  });

  it('isVertical true: the pages scroll vertically and a swipe does not turn them', async () => {
    const s = await open('phone-vertical.pdf');
    try {
      const { page, cdp } = s;
      const centre = await stageCentre(page);
      const container = page.locator('.folio-pdf-container');
      await drag(cdp, { x: centre.x, y: centre.y + 250 }, { x: centre.x, y: centre.y - 250 }, 10);
      await page.waitForFunction(
        () => (document.querySelector('.folio-pdf-container')?.scrollTop ?? 0) > 200,
      );
      assert.equal(await page.locator('[data-page-number="2"]').isVisible(), true);
      const top = await container.evaluate((el) => el.scrollTop);
      assert.ok(top > 200, `scrolled ${String(top)} px`);
    } finally {
      await s.close();
    }
  });
});

describe('desktop: the keyboard shortcuts help', () => {
  for (const [lang, title, line, searchLine] of [
    ['en', 'Keyboard shortcuts', 'Next page', 'Next match'],
    ['zh-CN', '键盘快捷键', '下一页', '下一个匹配项'],
  ] as const) {
    it(`? opens it (${lang}), listing the shortcuts that exist; Esc closes it`, async () => {
      const s = await newSession(browser, { viewport: { width: 1280, height: 800 } });
      try {
        const { page } = s;
        await page.goto(viewerUrl(`?doc=tracemonkey.pdf&lang=${lang}`));
        await waitForPainted(page, 1);
        await page.locator('.folio-pdf-container').focus();
        await page.keyboard.press('Shift+Slash');
        const help = page.getByRole('dialog', { name: title });
        await help.waitFor();
        const text = await help.innerText();
        assert.ok(text.includes(line), text);
        assert.ok(text.includes('PgDn'), text);
        // Search is off by default (showSearch false): its keys are not listed.
        assert.ok(!text.includes(searchLine), text);
        await page.waitForTimeout(400);
        await screenshot(page, `shortcuts-help-${lang}`);
        await page.keyboard.press('Escape');
        await help.waitFor({ state: 'hidden' });
        // The toolbar's control opens it too.
        await page.getByRole('button', { name: title }).click();
        await help.waitFor();
        assert.deepEqual(s.problems, []);
      } finally {
        await s.close();
      }
    });
  }

  it('? typed in the page number box is text, not the help', async () => {
    const s = await newSession(browser, { viewport: { width: 1280, height: 800 } });
    try {
      const { page } = s;
      await page.goto(viewerUrl('?doc=tracemonkey.pdf&lang=en'));
      await waitForPainted(page, 1);
      await page.getByRole('textbox', { name: 'Page number' }).focus();
      await page.keyboard.press('Shift+Slash');
      await page.waitForTimeout(500);
      assert.equal(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count(), 0);
    } finally {
      await s.close();
    }
  });
});
