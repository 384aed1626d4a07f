// The reading view (behaviour.md, "The reading view") on real documents: pixels painted, navigation clamped, zoom and
// rotation in the display and in the page's real size, the URL hash both ways.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { pageBox, waitForPainted } from './support/pixels.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

async function open(path: string): Promise<ViewerSession> {
  const session = await newSession(browser);
  await session.page.goto(viewerUrl(path));
  return session;
}

const pageNumber = (page: Page) => page.getByRole('textbox', { name: 'Page number' });
const pageDisplay = (page: Page) => page.getByText(/^\d+ \/ \d+$/).first();

async function goToPage(page: Page, value: string) {
  await pageNumber(page).fill(value);
  await pageNumber(page).press('Enter');
}

describe('reading a real document', () => {
  it('paints page 1 of the paper and shows 1 / 14', async () => {
    const session = await open('?doc=tracemonkey.pdf&lang=en');
    await waitForPainted(session.page, 1);
    await pageDisplay(session.page).waitFor();
    assert.equal(await pageDisplay(session.page).textContent(), '1 / 14');
    await screenshot(session.page, 'reading-paper');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it("names each page's region in the reader's language, not pdf.js's English", async () => {
    for (const [lang, first, second] of [
      ['en', 'Page 1', 'Page 2'],
      ['zh-CN', '第 1 页', '第 2 页'],
    ] as const) {
      const session = await open(`?doc=tracemonkey.pdf&lang=${lang}`);
      const { page } = session;
      await waitForPainted(page, 1);
      await page.getByRole('region', { name: first, exact: true }).waitFor();
      await page.getByRole('region', { name: second, exact: true }).waitFor({ state: 'attached' });
      assert.equal(
        await page.locator('[data-page-number][aria-label^="Page "]').count(),
        lang === 'en' ? 14 : 0,
      );
      assert.deepEqual(session.problems, []);
      await session.close();
    }
  });

  it('paints the 1000-page document and jumps to its last page', async () => {
    const session = await open('?doc=text-1000.pdf&lang=en');
    await waitForPainted(session.page, 1);
    await screenshot(session.page, 'reading-1000');
    await goToPage(session.page, '1000');
    await waitForPainted(session.page, 1000);
    assert.equal(await pageDisplay(session.page).textContent(), '1000 / 1000');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('next, previous and the page input are clamped (999 → last, 0 → 1)', async () => {
    const session = await open('?doc=tracemonkey.pdf&lang=en');
    const { page } = session;
    await waitForPainted(page, 1);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('2 / 14').waitFor();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByText('1 / 14').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Previous page' }).isDisabled(), true);
    await goToPage(page, '999');
    await page.getByText('14 / 14').waitFor();
    await waitForPainted(page, 14);
    await page.getByRole('button', { name: 'Next page' }).click({ force: true });
    assert.equal(await pageDisplay(page).textContent(), '14 / 14');
    await goToPage(page, '0');
    await page.getByText('1 / 14').waitFor();
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it("releases pdf.js's caches after 30 s with nothing to draw, and reading goes on", async () => {
    const session = await open('?doc=paper-all.pdf&lang=en');
    const { page } = session;
    await waitForPainted(page, 1);
    const zoom = page.locator('.folio-zoom-display');
    await zoom.waitFor();
    assert.equal((await zoom.textContent())?.trim(), '100%');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForFunction(
      () => document.querySelector('.folio-zoom-display')?.textContent.trim() === '120%',
    );
    await waitForPainted(page, 1);
    // pdf.js measures text-layer text on a hidden canvas of its own in <body>; Blink keeps a
    // text-shaping cache for as long as it lives. The document's clean-up removes it.
    const measuring = page.locator('body > canvas[lang]');
    await measuring.first().waitFor({ state: 'attached' });
    // pdf.js's rendering queue calls the idle callback 30 s after its last drawing.
    await page.waitForFunction(() => !document.querySelector('body > canvas[lang]'), undefined, {
      timeout: 45_000,
      polling: 500,
    });
    // Pages drawn afterwards fetch their fonts again; what the reader chose stays.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('2 / 14').first().waitFor();
    await waitForPainted(page, 2);
    await page.locator('[data-page-number="2"] .textLayer .endOfContent').waitFor({
      state: 'attached',
    });
    const text = await page.locator('[data-page-number="2"] .textLayer').textContent();
    assert.match(text ?? '', /trace/i);
    assert.equal((await zoom.textContent())?.trim(), '120%');
    await screenshot(page, 'reading-after-idle-release');
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});

describe('zoom and rotation', () => {
  it('zooms in 20 % steps clamped to 20–200 %, in the display and the real page size', async () => {
    const session = await open('?doc=paper-all.pdf&lang=en');
    const { page } = session;
    await waitForPainted(page, 1);
    const zoom = page.locator('.folio-zoom-display');
    assert.equal((await zoom.textContent())?.trim(), '100%');
    const width100 = (await pageBox(page, 1))?.width ?? 0;
    assert.ok(Math.abs(width100 - (612 * 96) / 72) < 3, `page width at 100 %: ${String(width100)}`);
    for (const expected of ['120%', '140%', '160%', '180%', '200%', '200%']) {
      await page.getByRole('button', { name: 'Zoom in' }).click({ force: true });
      await page.waitForFunction(
        (text) => document.querySelector('.folio-zoom-display')?.textContent.trim() === text,
        expected,
      );
    }
    await page.waitForFunction((w) => {
      const box = document
        .querySelector('[data-page-number="1"] .canvasWrapper')
        ?.getBoundingClientRect();
      return box !== undefined && Math.abs(box.width - w) < 4;
    }, width100 * 2);
    for (let i = 0; i < 12; i += 1) {
      await page.getByRole('button', { name: 'Zoom out' }).click({ force: true });
    }
    await page.waitForFunction(
      () => document.querySelector('.folio-zoom-display')?.textContent.trim() === '20%',
    );
    await page.waitForFunction((w) => {
      const box = document
        .querySelector('[data-page-number="1"] .canvasWrapper')
        ?.getBoundingClientRect();
      return box !== undefined && Math.abs(box.width - w) < 3;
    }, width100 * 0.2);
    await waitForPainted(page, 1);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('Ctrl+wheel zooms one 20 % step around the pointer, and the page stays in view', async () => {
    const session = await open('?doc=paper-all.pdf&lang=en');
    const { page } = session;
    await waitForPainted(page, 1);
    await page.mouse.move(640, 400);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -120);
    await page.keyboard.up('Control');
    await page.waitForFunction(
      () => document.querySelector('.folio-zoom-display')?.textContent.trim() === '120%',
    );
    await waitForPainted(page, 1);
    assert.equal(await page.evaluate(() => window.visualViewport?.scale ?? 1), 1);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('rotation turns the page box and four turns come back', async () => {
    const session = await open('?doc=tracemonkey.pdf&lang=en');
    const { page } = session;
    await waitForPainted(page, 1);
    const before = await pageBox(page, 1);
    assert.ok(before && before.height > before.width);
    await page.getByRole('button', { name: 'Rotate clockwise' }).click();
    await page.waitForFunction(() => {
      const box = document
        .querySelector('[data-page-number="1"] .canvasWrapper')
        ?.getBoundingClientRect();
      return box !== undefined && box.width > box.height;
    });
    await waitForPainted(page, 1);
    await screenshot(page, 'reading-rotated');
    for (let i = 0; i < 3; i += 1) {
      await page.getByRole('button', { name: 'Rotate clockwise' }).click();
    }
    await page.waitForFunction((h) => {
      const box = document
        .querySelector('[data-page-number="1"] .canvasWrapper')
        ?.getBoundingClientRect();
      return box !== undefined && Math.abs(box.height - h) < 2;
    }, before.height);
    await page.getByRole('button', { name: 'Rotate counterclockwise' }).click();
    await page.waitForFunction(() => {
      const box = document
        .querySelector('[data-page-number="1"] .canvasWrapper')
        ?.getBoundingClientRect();
      return box !== undefined && box.width > box.height;
    });
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});

describe('the URL hash', () => {
  it('#page=5 opens at page 5 and the hash follows the reader', async () => {
    const session = await open('?doc=tracemonkey.pdf&lang=en#page=5');
    const { page } = session;
    await page.getByText('5 / 14').waitFor();
    await waitForPainted(page, 5);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForFunction(() => window.location.hash.includes('page=6'));
    assert.match(page.url(), /\?doc=tracemonkey\.pdf&lang=en#page=6/);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('#zoom=150 opens at 150 %', async () => {
    const session = await open('?doc=paper-all.pdf&lang=en#page=2&zoom=150');
    const { page } = session;
    await page.getByText('2 / 14').first().waitFor();
    await page.waitForFunction(
      () => document.querySelector('.folio-zoom-display')?.textContent.trim() === '150%',
    );
    await session.close();
  });
});

describe('the pages and the bars together', () => {
  // The bars render in the commit after the pages' first, before any paint (DocumentView; empty
  // bars of their heights hold their places in that first commit): an init script notes where the
  // pages' box was in the first frame that showed it, to compare with where it is once page 1 is
  // drawn and the panels have come.
  async function bodyBoxAtFirstFrame(session: ViewerSession, path: string) {
    await session.page.addInitScript(() => {
      const seen = window as unknown as {
        __firstFrame?: { top: number; bottom: number; bars: boolean };
      };
      const poll = () => {
        const body = document.querySelector('.folio-body');
        if (body) {
          const { top, bottom } = body.getBoundingClientRect();
          seen.__firstFrame = {
            top,
            bottom,
            bars: document.querySelector('.folio-header-bar') !== null,
          };
        } else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });
    await session.page.goto(viewerUrl(path));
    await waitForPainted(session.page, 1);
    return session.page.evaluate(() => {
      const body = document.querySelector('.folio-body');
      if (!body) throw new Error('no .folio-body');
      const { top, bottom } = body.getBoundingClientRect();
      const { __firstFrame: first } = window as unknown as {
        __firstFrame?: { top: number; bottom: number; bars: boolean };
      };
      return { first, after: { top, bottom } };
    });
  }

  const cases = [
    { name: 'desktop, title header, toolbar and footer', options: {}, path: 'paper-all.pdf' },
    {
      name: 'phone, the toolbar with its title row',
      options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      path: 'phone.pdf',
    },
  ];
  for (const { name, options, path } of cases) {
    it(`the pages show with their bars and never move (${name})`, async () => {
      const session = await newSession(browser, options);
      const { first, after } = await bodyBoxAtFirstFrame(session, `?doc=${path}&lang=en`);
      assert.ok(first, 'a frame showed the pages');
      assert.ok(first.bars, 'the toolbar was there in the first frame that showed the pages');
      assert.ok(Math.abs(first.top - after.top) < 0.5, `top ${first.top} → ${after.top}`);
      assert.ok(
        Math.abs(first.bottom - after.bottom) < 0.5,
        `bottom ${first.bottom} → ${after.bottom}`,
      );
      assert.deepEqual(session.problems, []);
      await session.close();
    });
  }
});

describe("the toolbar's tooltip", () => {
  // One antd Tooltip serves every toolbar button (SharedTooltip): it follows the pointer from
  // button to button, next to the button it names, and goes when the pointer leaves.
  const visibleTooltips = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('[role="tooltip"]'))
        .filter((el) => el.checkVisibility({ opacityProperty: true }))
        .map((el) => {
          const box = el.getBoundingClientRect();
          return { text: el.textContent.trim(), centerX: box.left + box.width / 2, top: box.top };
        }),
    );

  async function hoverAndRead(page: Page, name: string) {
    const button = page.getByRole('button', { name, exact: true });
    await button.hover();
    const box = await button.boundingBox();
    assert.ok(box, `${name} has a box`);
    await page.waitForFunction(
      (text) =>
        Array.from(document.querySelectorAll<HTMLElement>('[role="tooltip"]')).some(
          (el) => el.textContent.trim() === text && el.checkVisibility({ opacityProperty: true }),
        ),
      name,
    );
    // antd's motion ends with the tooltip in place.
    await page.waitForTimeout(400);
    return { box, tips: await visibleTooltips(page) };
  }

  it('names the button under the pointer, next to it, one at a time', async () => {
    const session = await open('?doc=tracemonkey.pdf&lang=en');
    const { page } = session;
    await waitForPainted(page, 1);
    for (const name of ['Zoom in', 'Print']) {
      const { box, tips } = await hoverAndRead(page, name);
      assert.equal(tips.length, 1, JSON.stringify(tips));
      const [tip] = tips;
      assert.equal(tip.text, name);
      assert.ok(
        Math.abs(tip.centerX - (box.x + box.width / 2)) < 2,
        `${name}: tooltip centred at ${tip.centerX}, button at ${box.x + box.width / 2}`,
      );
      // Below the button (no room above the toolbar), and close to it.
      const gap = tip.top - (box.y + box.height);
      assert.ok(gap >= 0 && gap < 16, `${name}: ${gap} px below the button`);
    }
    await screenshot(page, 'toolbar-tooltip');
    await page.mouse.move(640, 500);
    await page.waitForFunction(
      () =>
        !Array.from(document.querySelectorAll<HTMLElement>('[role="tooltip"]')).some((el) =>
          el.checkVisibility({ opacityProperty: true }),
        ),
    );
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});
