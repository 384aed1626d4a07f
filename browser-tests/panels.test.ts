// The side panels (behaviour.md, "The side panels") on real documents: thumbnails painted and navigating,
// a bounded number of them alive while scrolling 1000 pages, correct shapes for rotated and
// mixed-size pages; the outline from the facility and from the PDF itself, navigating by mouse and
// keyboard; hostile outline titles shown as text; both controls absent by default.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { waitForPainted } from './support/pixels.ts';
import { HOSTILE_OUTLINE_TITLE, OUTLINE_ENTRIES } from './support/docs.ts';

/**
 * The most thumbnail images (and canvases) alive in the panel at any moment while it scrolls
 * through 1000 pages. What is alive is what is in view plus a 240 px margin either side: about
 * 8 A4 thumbnails in this window; the bound leaves room for a different layout, not for a leak.
 */
const ALIVE_BOUND = 16;

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

async function open(rest: string): Promise<ViewerSession> {
  const session = await newSession(browser, { viewport: { width: 1280, height: 800 } });
  await session.page.goto(viewerUrl(rest));
  await waitForPainted(session.page, 1);
  return session;
}

const pageDisplay = (page: Page) => page.getByText(/^\d+ \/ \d+$/).first();
const thumbnail = (page: Page, n: number) => page.locator(`[data-thumbnail-number="${String(n)}"]`);
const panel = (page: Page) => page.locator('aside.folio-side-panel');

async function waitForPageDisplay(page: Page, text: string) {
  await page.waitForFunction(
    (expected) =>
      Array.from(document.querySelectorAll('*')).some(
        (el) => el.children.length === 0 && el.textContent.trim() === expected,
      ),
    text,
  );
}

/** Non-white pixels of thumbnail `n`'s image, sampled on a grid; 0 while it has none. */
function thumbnailPainted(page: Page, n: number): Promise<number> {
  return page.evaluate((number) => {
    const img = document.querySelector<HTMLImageElement>(
      `[data-thumbnail-number="${String(number)}"] img`,
    );
    if (!img?.complete || img.naturalWidth === 0) return 0;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return 0;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 0; i < data.length; i += 4 * 3) {
      if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) {
        painted += 1;
      }
    }
    return painted;
  }, n);
}

async function waitForThumbnail(page: Page, n: number, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const painted = await thumbnailPainted(page, n);
    if (painted > 20) return painted;
    if (Date.now() > deadline) throw new Error(`thumbnail ${String(n)} was not painted`);
    await page.waitForTimeout(100);
  }
}

/** Images and canvases inside the side panel right now. */
const aliveInPanel = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('aside.folio-side-panel :is(img, canvas)').length);

/** Two animation frames: the panel's IntersectionObserver has reported a scroll by then. */
const frames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      }),
  );

describe('controls absent by default', () => {
  it('no Thumbnails or Outline control, and no side panel, without showThumb/showList', async () => {
    const session = await open('?doc=tracemonkey.pdf&lang=en');
    const { page } = session;
    await pageDisplay(page).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Thumbnails' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Outline' }).count(), 0);
    assert.equal(await panel(page).count(), 0);
    assert.equal(await page.locator('[data-thumbnail-number]').count(), 0);
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});

describe('thumbnail panel', () => {
  it('opens, paints thumbnail 1, and a click on thumbnail 5 shows and paints page 5', async () => {
    const session = await open('?doc=panels-paper.pdf&lang=en');
    const { page } = session;
    const toggle = page.getByRole('button', { name: 'Thumbnails' });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await panel(page).waitFor();
    assert.equal(await page.locator('[data-thumbnail-number]').count(), 14);
    assert.ok((await waitForThumbnail(page, 1)) > 20);
    assert.equal(await thumbnail(page, 1).getAttribute('aria-current'), 'page');

    await page.getByRole('button', { name: 'Page 5', exact: true }).click();
    await waitForPageDisplay(page, '5 / 14');
    await waitForPainted(page, 5);
    assert.equal(await thumbnail(page, 5).getAttribute('aria-current'), 'page');
    assert.equal(await thumbnail(page, 1).getAttribute('aria-current'), null);

    // The keyboard: arrows move between thumbnails, Enter goes.
    await thumbnail(page, 5).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForPageDisplay(page, '7 / 14');

    await toggle.click();
    await panel(page).waitFor({ state: 'detached' });
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('1000 pages: scrolled through to the end, the images alive stay bounded', async () => {
    const session = await open('?doc=panels-1000.pdf&lang=en');
    const { page } = session;
    await page.getByRole('button', { name: 'Thumbnails' }).click();
    for (const n of [1, 2, 3, 4]) await waitForThumbnail(page, n);
    assert.equal(await page.locator('[data-thumbnail-number]').count(), 1000);
    await screenshot(page, 'panels-thumbnails-1000');

    // Scrolls a view at a time, two frames apiece (the panel's observer reports within them),
    // counting what is alive after each step; every 40th step it also waits for the thumbnail
    // in the middle of the view to be drawn, so the count is taken at rest too, not only in flight.
    let most = await page.evaluate(async () => {
      const list = document.querySelector<HTMLElement>('.folio-thumbnails');
      if (!list) throw new Error('no thumbnail list');
      const alive = () =>
        document.querySelectorAll('aside.folio-side-panel :is(img, canvas)').length;
      const frame = () =>
        new Promise<void>((resolve) => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      const middleDrawn = () => {
        const box = list.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit?.closest('[data-thumbnail-number]')?.querySelector('img')?.complete === true;
      };
      let max = alive();
      for (let step = 1; ; step += 1) {
        const from = list.scrollTop;
        list.scrollTop += list.clientHeight;
        if (list.scrollTop === from) return max;
        await frame();
        await frame();
        if (step % 40 === 0) {
          for (let i = 0; i < 200 && !middleDrawn(); i += 1) await frame();
        }
        max = Math.max(max, alive());
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) return max;
      }
    });
    await waitForThumbnail(page, 1000);
    await waitForThumbnail(page, 995);
    most = Math.max(most, await aliveInPanel(page));
    console.log(`thumbnail images/canvases alive while scrolling 1000 pages: at most ${most}`);
    assert.ok(most <= ALIVE_BOUND, `${String(most)} alive > ${String(ALIVE_BOUND)}`);
    // Scrolling the panel is browsing: the page on screen stays where it was.
    assert.equal(await pageDisplay(page).textContent(), '1 / 1000');
    await screenshot(page, 'panels-thumbnails-1000-end');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('keeps the current page in view: going to page 500 brings thumbnail 500 into the panel', async () => {
    const session = await open('?doc=panels-1000.pdf&lang=en');
    const { page } = session;
    await page.getByRole('button', { name: 'Thumbnails' }).click();
    await waitForThumbnail(page, 1);
    const input = page.getByRole('textbox', { name: 'Page number' });
    await input.fill('500');
    await input.press('Enter');
    await waitForPageDisplay(page, '500 / 1000');
    assert.equal(await thumbnail(page, 500).getAttribute('aria-current'), 'page');
    await waitForThumbnail(page, 500);
    const inView = await page.evaluate(() => {
      const list = document.querySelector('.folio-thumbnails')?.getBoundingClientRect();
      const item = document.querySelector('[data-thumbnail-number="500"]')?.getBoundingClientRect();
      return !!list && !!item && item.top >= list.top && item.bottom <= list.bottom;
    });
    assert.ok(inView, 'thumbnail 500 is inside the panel');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('rotated and mixed-size pages get thumbnails of their shape, turned with the view', async () => {
    const session = await open('?doc=mixed.pdf&lang=en');
    const { page } = session;
    await page.getByRole('button', { name: 'Thumbnails' }).click();
    for (const n of [1, 2, 3, 4]) await waitForThumbnail(page, n);
    // Read in one go once every image is loaded: a thumbnail drawn from a page preview is
    // replaced by pdf.js's own, and an image between two pictures has no size yet.
    const shapes = () =>
      page
        .waitForFunction(() => {
          const found = [1, 2, 3, 4].map((n) => {
            const img = document.querySelector<HTMLImageElement>(
              `[data-thumbnail-number="${String(n)}"] img`,
            );
            const frame = document
              .querySelector(`[data-thumbnail-number="${String(n)}"] .folio-thumbnail-frame`)
              ?.getBoundingClientRect();
            return {
              frame: frame ? frame.width / frame.height : 0,
              image:
                img?.complete && img.naturalHeight > 0 ? img.naturalWidth / img.naturalHeight : 0,
            };
          });
          return found.every(({ image }) => image > 0) && found;
        })
        .then((handle) => handle.jsonValue() as Promise<{ frame: number; image: number }[]>);
    const expected = [595 / 842, 842 / 595, 842 / 595, 1];
    const near = (a: number, b: number) => Math.abs(a - b) / b < 0.05;
    const before = await shapes();
    before.forEach(({ frame, image }, i) => {
      assert.ok(near(frame, expected[i]), `page ${String(i + 1)} frame ${String(frame)}`);
      assert.ok(near(image, expected[i]), `page ${String(i + 1)} image ${String(image)}`);
    });

    await page.getByRole('button', { name: 'Rotate clockwise' }).click();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-thumbnail-number="1"] img');
      return !!img && img.complete && img.naturalWidth > img.naturalHeight;
    });
    for (const n of [1, 2, 3, 4]) await waitForThumbnail(page, n);
    const turned = await shapes();
    turned.forEach(({ frame, image }, i) => {
      assert.ok(
        near(frame, 1 / expected[i]),
        `turned page ${String(i + 1)} frame ${String(frame)}`,
      );
      assert.ok(
        near(image, 1 / expected[i]),
        `turned page ${String(i + 1)} image ${String(image)}`,
      );
    });
    await screenshot(page, 'panels-thumbnails-mixed-rotated');
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});

interface FacilityOutline {
  title: string;
  page: number | null;
  children: FacilityOutline[];
}

describe('outline panel', () => {
  for (const [doc, source] of [
    ['panels-1000.pdf', "the facility's docOutline"],
    ['panels-1000-own.pdf', "the PDF's own outline (no docOutline)"],
  ] as const) {
    it(`shows ${source} as a tree, and entries go to their page by click and keyboard`, async () => {
      const answer = await fetch(viewerUrl('api/documents/panels-1000.pdf'));
      const { docOutline } = (await answer.json()) as { docOutline: FacilityOutline[] };
      assert.equal(docOutline.length, 50);
      const session = await open(`?doc=${doc}&lang=en`);
      const { page } = session;
      const toggle = page.getByRole('button', { name: 'Outline' });
      await toggle.click();
      const tree = page.getByRole('tree');
      await tree.waitFor();
      const third = docOutline[2];
      assert.ok(third.page);
      const item = page.getByRole('treeitem', { name: third.title });
      await item.click();
      await waitForPageDisplay(page, `${String(third.page)} / 1000`);
      await waitForPainted(page, third.page);

      // Keyboard: from the third entry, down two and Enter.
      const fifth = docOutline[4];
      assert.ok(fifth.page);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await waitForPageDisplay(page, `${String(fifth.page)} / 1000`);
      // Enter opened the fifth chapter too: its sections are there.
      const section = fifth.children[0];
      assert.ok(section);
      await page.getByRole('treeitem', { name: section.title }).waitFor();
      await screenshot(page, `panels-outline-${doc.replace('.pdf', '')}`);

      // The side area holds one panel: opening the thumbnails closes the outline.
      await page.getByRole('button', { name: 'Thumbnails' }).click();
      await tree.waitFor({ state: 'detached' });
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
      assert.deepEqual(session.problems, []);
      await session.close();
    });
  }

  for (const doc of ['outline.pdf', 'outline-own.pdf']) {
    it(`${doc}: a hostile title is shown as text and nothing runs; a web link is inert`, async () => {
      const session = await open(`?doc=${doc}&lang=en`);
      const { page } = session;
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Outline' }).click();
      await page.getByRole('tree').waitFor();
      const titles = await page.getByRole('treeitem').allTextContents();
      assert.deepEqual(
        titles.map((t) => t.trim()),
        OUTLINE_ENTRIES.map((e) => e.title),
      );
      assert.equal(await page.locator('.folio-outline img').count(), 0);
      assert.equal(await page.locator('img[src="x"]').count(), 0);

      await page.getByRole('treeitem', { name: HOSTILE_OUTLINE_TITLE }).click();
      await waitForPageDisplay(page, '3 / 5');
      await page.getByRole('treeitem', { name: 'Web link' }).click();
      await page.getByRole('treeitem', { name: 'Conclusion' }).click();
      await waitForPageDisplay(page, '5 / 5');
      await page.getByRole('treeitem', { name: 'Web link' }).click();
      await frames(page);
      assert.equal(await pageDisplay(page).textContent(), '5 / 5');
      assert.equal(page.url().includes('example.com'), false);
      assert.equal(session.context.pages().length, 1);
      assert.deepEqual(dialogs, []);
      assert.deepEqual(session.problems, []);
      await session.close();
    });
  }
});
