// The first frame (docs/decisions/2026-11-26-first-frame.md): page 1's preview, drawn by index.html's
// inline script before the app's own scripts have run, under the facility's watermark from its first
// painted frame, exactly where the app and then pdf.js show page 1; the app takes it away without a
// blink, or at once when it has to say why the document cannot show.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContextOptions, Page, Route } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { farFromTheServer, newSession, PHONE, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { waitForPainted } from './support/pixels.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

/** Holds the app's entry script until `release()`: only the first frame can draw. */
async function holdApp(page: Page): Promise<() => void> {
  let open = false;
  const waiting: Route[] = [];
  await page.route(/\/main(\.[0-9a-f]+)?\.js$/, async (route) => {
    if (open) await route.continue();
    else waiting.push(route);
  });
  return () => {
    open = true;
    for (const route of waiting.splice(0)) void route.continue();
  };
}

interface Inserted {
  watermark: boolean;
  pointerEvents: string;
  hidden: string | null;
}

interface Handover {
  appImage: { x: number; y: number; width: number; height: number } | null;
  appImageComplete: boolean;
  /** The app shows the very object URL the first frame decoded: the image is decoded once. */
  sameObjectUrl: boolean;
}

/**
 * Records what the first frame holds in the mutation callback that sees it inserted (before that
 * frame is painted), and, when it is removed, whether the app's own page 1 preview is there.
 */
function watchFirstFrame(): void {
  const record = window as unknown as {
    __inserted?: Inserted;
    __handover?: Handover;
    __frameSrc?: string;
  };
  new MutationObserver(() => {
    const frame = document.getElementById('folio-first-frame');
    record.__frameSrc ??= frame?.querySelector('img')?.src;
    if (frame && !record.__inserted) {
      record.__inserted = {
        watermark: [...frame.children].some(
          (child) => child instanceof HTMLElement && child.style.backgroundImage.startsWith('url('),
        ),
        pointerEvents: getComputedStyle(frame).pointerEvents,
        hidden: frame.getAttribute('aria-hidden'),
      };
    }
    if (!frame && record.__inserted && !record.__handover) {
      const image = document.querySelector<HTMLImageElement>(
        'img.folio-preview[data-preview-page="1"]',
      );
      const box = image?.getBoundingClientRect();
      record.__handover = {
        appImage: box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null,
        appImageComplete: image?.complete === true && image.naturalWidth > 0,
        sameObjectUrl: image !== null && image.src === record.__frameSrc,
      };
    }
  }).observe(document, { childList: true, subtree: true });
}

/** `setUp` runs before the navigation: the boot script asks for the app's files at once. */
async function open(
  doc: string,
  options: BrowserContextOptions,
  hash = '',
  setUp?: (page: Page) => Promise<unknown>,
) {
  const session = await newSession(browser, options);
  const { page } = session;
  await page.addInitScript(watchFirstFrame);
  await farFromTheServer(page);
  const release = await holdApp(page);
  await setUp?.(page);
  await page.goto(viewerUrl(`?doc=${encodeURIComponent(doc)}&lang=en${hash}`), {
    waitUntil: 'commit',
  });
  return { session, page, release };
}

function recorded<T>(page: Page, key: '__inserted' | '__handover'): Promise<T> {
  return page
    .waitForFunction((name) => (window as unknown as Record<string, unknown>)[name], key, {
      timeout: 20_000,
    })
    .then((handle) => handle.jsonValue() as Promise<T>);
}

/** Dark pixels of the first frame's image, sampled on a canvas: the page, not a blank. */
function firstFrameInk(page: Page): Promise<number> {
  return page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>('#folio-first-frame img');
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 260;
    const context = canvas.getContext('2d');
    if (!img || !context) return 0;
    context.drawImage(img, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200) ink += 1;
    return ink;
  });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The same place to a fraction of a pixel (Chromium lays out in 1/64 px). */
function assertSamePlace(actual: Box | null, expected: Box | null, what: string): void {
  assert.ok(actual && expected, what);
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    assert.ok(
      Math.abs(actual[key] - expected[key]) < 0.5,
      `${what}: ${key} ${String(actual[key])} vs ${String(expected[key])}`,
    );
  }
}

async function done(session: ViewerSession): Promise<void> {
  try {
    assert.deepEqual(session.problems, []);
  } finally {
    await session.close();
  }
}

async function firstFrameThenApp(doc: string, options: BrowserContextOptions, shot: string) {
  const { session, page, release } = await open(doc, options);
  const frameImage = page.locator('#folio-first-frame img');
  await frameImage.waitFor({ timeout: 20_000 });
  assert.equal(await page.locator('#root *').count(), 0, 'the app has not run yet');
  const inserted = await recorded<Inserted>(page, '__inserted');
  const ink = await firstFrameInk(page);
  assert.ok(ink > 40, `the first frame holds the page, not a blank (${String(ink)} dark pixels)`);
  await screenshot(page, `${shot}-first-frame`);
  const place = await frameImage.boundingBox();

  release();
  const handover = await recorded<Handover>(page, '__handover');
  // The app's own preview was decoded and in the same place when the first frame went.
  assert.equal(handover.appImageComplete, true);
  assert.equal(handover.sameObjectUrl, true, 'the app shows the image the first frame decoded');
  assertSamePlace(handover.appImage, place, 'the app draws page 1 where the first frame did');
  await waitForPainted(page, 1);
  const canvas = await page.locator('[data-page-number="1"] canvas').boundingBox();
  assertSamePlace(canvas, place, 'pdf.js draws page 1 where the first frame did');
  await screenshot(page, `${shot}-real`);
  return { session, page, inserted };
}

describe('first frame', () => {
  it('desktop: page 1 under the watermark before the app has run, then the app and pdf.js in its place', async () => {
    const { session, inserted } = await firstFrameThenApp(
      'policy-watermark.pdf',
      { viewport: { width: 1280, height: 900 } },
      'first-frame-desktop',
    );
    assert.deepEqual(inserted, { watermark: true, pointerEvents: 'none', hidden: 'true' });
    await done(session);
  });

  it('phone: page 1 fitted to the 390 px screen, then the app and pdf.js in its place', async () => {
    const { session, inserted } = await firstFrameThenApp(
      'tracemonkey.pdf',
      PHONE,
      'first-frame-phone',
    );
    // The facility's sample has no watermark: nothing is drawn over the page.
    assert.deepEqual(inserted, { watermark: false, pointerEvents: 'none', hidden: 'true' });
    await done(session);
  });

  it("the viewer's chunk fails to load: the app says so, and the first frame does not stay over it", async () => {
    // The only way past the first frame is then the error: no preview of the app's own comes.
    // Failed from the start: the boot script preloads the viewer's chunk as the page opens.
    const { session, page, release } = await open(
      'tracemonkey.pdf',
      { viewport: { width: 1280, height: 900 } },
      '',
      (opened) => opened.route(/\/viewer(\.[0-9a-f]+)?\.js$/, (route) => route.abort('failed')),
    );
    await page.locator('#folio-first-frame img').waitFor({ timeout: 20_000 });
    release();
    await page.getByRole('alert').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Retry', exact: true }).waitFor();
    assert.equal(await page.locator('#folio-first-frame').count(), 0);
    await screenshot(page, 'first-frame-chunk-failed');
    // The failed script is reported on the console; nothing else went wrong.
    assert.deepEqual(
      session.problems.filter((problem) => !/ERR_FAILED|Loading chunk/i.test(problem)),
      [],
    );
    await session.close();
  });

  it('a link to page 3: no first frame, the app opens it there itself', async () => {
    const { session, page, release } = await open(
      'tracemonkey.pdf',
      { viewport: { width: 1280, height: 900 } },
      '#page=3',
    );
    release();
    await waitForPainted(page, 3);
    assert.equal(
      await page.evaluate(() => '__inserted' in window),
      false,
      'a first frame was drawn',
    );
    await done(session);
  });

  it("the script's preload never reports and page 1's preview never comes: the app starts all the same", async () => {
    await startsWithoutTheHoldsEvents(true, () => Promise.resolve());
  });

  it('the same, and the page never finishes loading (an image that never comes): the app starts all the same', async () => {
    await startsWithoutTheHoldsEvents(false, async (page) => {
      await page.route(/\/never-comes\.png$/, () => undefined);
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const image = document.createElement('img');
          image.src = '/never-comes.png';
          document.body.append(image);
        });
      });
    });
  });
});

/**
 * What the boot script's hold waits on, gone: the preload link's load and error handlers are
 * dropped, and page 1's preview gets no answer; `more` takes something else away. Whether the page
 * has finished loading once page 1 is drawn says which of the hold's bounds started the app.
 */
async function startsWithoutTheHoldsEvents(
  pageLoads: boolean,
  more: (page: Page) => Promise<unknown>,
): Promise<void> {
  const { session, page, release } = await open(
    'tracemonkey.pdf',
    { viewport: { width: 1280, height: 900 } },
    '',
    async (opened) => {
      await opened.addInitScript(() => {
        for (const name of ['onload', 'onerror'] as const) {
          const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
          Object.defineProperty(HTMLLinkElement.prototype, name, {
            configurable: true,
            get(this: HTMLLinkElement) {
              return own?.get?.call(this) as unknown;
            },
            set(this: HTMLLinkElement, handler: unknown) {
              if (this.rel === 'preload' && this.as === 'script') return;
              own?.set?.call(this, handler);
            },
          });
        }
      });
      await opened.route(/\/previews\//, () => undefined);
      await more(opened);
    },
  );
  release();
  await waitForPainted(page, 1);
  assert.equal(await page.locator('#folio-first-frame').count(), 0);
  assert.equal(await page.evaluate(() => document.readyState === 'complete'), pageLoads);
  await done(session);
}
