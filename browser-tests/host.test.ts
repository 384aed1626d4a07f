// Embedding (docs/embedding.md): a host page on another origin frames Folio, hears every event in
// order and sends every command; a third origin's command is ignored; nothing is posted when no
// host is configured. Through `npm run serve` with HOST_ORIGIN in its environment, and the example
// host page as `npm start` serves it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { policyDirectives } from '../server/csp.ts';
import type { FolioEvent } from '../src/services/host/protocol.ts';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { makeHostDocs } from './support/docs.ts';
import { waitForPainted } from './support/pixels.ts';
import { drawWithMouse, padReady } from './support/signing.ts';
import { startNpmServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { chooseRadio, newSession, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';

const EXAMPLES = path.join(import.meta.dirname, '..', 'examples');
const TYPES: Partial<Record<string, string>> = {
  html: 'text/html',
  js: 'text/javascript',
  css: 'text/css',
};
const ATTACK = `<p id="sent">sent</p><script>
  parent.frames[0].postMessage({ type: 'folio:goToPage', page: 9 }, '*');
  parent.frames[0].postMessage({ type: 'folio:setZoom', zoom: 0.5 }, '*');
</script>`;

/**
 * The host's own server: the example host page, and a third party's page. Real loopback servers
 * (not routes): Chromium keeps pages of unknown address spaces from framing loopback ones.
 */
const hostServer = createServer((request, response) => {
  const file = path.basename(new URL(request.url ?? '/', 'http://host').pathname);
  // The host's backend for signed links (examples/host.js): none here, Folio runs with AUTH=off.
  if (file === 'link') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"token":null}');
    return;
  }
  if (file === 'attack.html') {
    response.writeHead(200, { 'content-type': 'text/html' }).end(ATTACK);
    return;
  }
  const type = TYPES[path.extname(file).slice(1)];
  if (type === undefined) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': type }).end(readFileSync(path.join(EXAMPLES, file)));
});
/** The host's origin, and a third origin (the same server by another name). */
let HOST: string;
let INTRUDER: string;

const root = mkdtempSync(path.join(tmpdir(), 'folio-host-'));
let browser: Browser;
/** `npm run serve` with HOST_ORIGIN, and one without. */
let configured: RunningServer;
let unconfigured: RunningServer;

before(async () => {
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  const { port } = hostServer.address() as AddressInfo;
  HOST = `http://127.0.0.1:${String(port)}`;
  INTRUDER = `http://localhost:${String(port)}`;
  const { distDir } = await prodBuild();
  makeHostDocs(root);
  // The host protocol, not signed links (browser-tests/auth.test.ts).
  const env = {
    BASE_PATH: '/viewer/',
    DIST_DIR: distDir,
    DOCS_DIR: root,
    LOG_LEVEL: 'warn',
    AUTH: 'off',
  };
  [configured, unconfigured] = await Promise.all([
    startNpmServer('serve', { ...env, HOST_ORIGIN: HOST }, '/viewer/api/health'),
    startNpmServer('serve', env, '/viewer/api/health'),
  ]);
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
  await Promise.all([configured.stop(), unconfigured.stop()]);
  hostServer.close();
  rmSync(root, { recursive: true, force: true });
});

type HostWindow = Window & { folioEvents?: FolioEvent[] };
type FolioWindow = Window & { folioSeen?: FolioEvent[] };

/** An init script: in Folio's frame, every host event its window fires, in order. */
function recordFolioEvents() {
  if (window.parent === window) return;
  const seen: unknown[] = [];
  Object.assign(window, { folioSeen: seen });
  for (const type of [
    'folio:opened',
    'folio:failed',
    'folio:pageChanged',
    'folio:zoomChanged',
    'folio:signed',
    'folio:printStarted',
    'folio:printFinished',
  ]) {
    window.addEventListener(type, (event) => seen.push((event as CustomEvent).detail));
  }
}

const seenInFrame = (frame: Frame) =>
  frame.evaluate<FolioEvent[]>(() => (window as FolioWindow).folioSeen ?? []);

/** The example host page, served from the host's own origin (HOST), framing Folio at `folio`. */
async function openHost(session: ViewerSession, folio: string, doc = 'host.pdf') {
  const { page } = session;
  const query = new URLSearchParams({ doc, folio });
  await page.goto(`${HOST}/host.html?${query.toString()}`);
  // The page frames Folio once its backend has answered for a signed link (examples/host.js).
  await page.frameLocator('#folio').locator('#root').waitFor({ state: 'attached' });
  return page;
}

function folioFrame(page: Page, doc = 'host.pdf'): Frame {
  const frame = page
    .frames()
    .find((f) => f !== page.mainFrame() && new URL(f.url()).searchParams.get('doc') === doc);
  assert.ok(frame, 'Folio is framed');
  return frame;
}

const received = (page: Page) =>
  page.evaluate<FolioEvent[]>(() => (window as HostWindow).folioEvents ?? []);

/** Waits until the host has received an event with these fields, and gives it. */
async function waitForEvent(page: Page, fields: Partial<FolioEvent>): Promise<FolioEvent> {
  const handle = await page.waitForFunction(
    (want) =>
      ((window as HostWindow).folioEvents ?? []).find((event) =>
        Object.entries(want).every(
          ([k, v]) => (event as unknown as Record<string, unknown>)[k] === v,
        ),
      ),
    fields as Record<string, unknown>,
    { timeout: 20_000 },
  );
  const event = await handle.jsonValue();
  assert.ok(event);
  return event;
}

async function submit(page: Page, button: string, field?: [string, string]) {
  if (field) await page.getByLabel(field[0]).fill(field[1]);
  await page.getByRole('button', { name: button }).click();
}

describe('embedding: a host page on another origin', () => {
  it('hears every event in order and drives Folio with every command (npm run serve, HOST_ORIGIN)', async () => {
    const session = await newSession(browser, { viewport: { width: 1400, height: 900 } });
    try {
      // Folio's print dialog hands the job to window.print: stubbed, with afterprint as after a dialog.
      await session.context.addInitScript(() => {
        window.print = () => {
          setTimeout(() => window.dispatchEvent(new Event('afterprint')), 50);
        };
      });
      await session.context.addInitScript(recordFolioEvents);
      const folioUrl = `${configured.url}/viewer/?lang=en`;
      const headers = (await fetch(folioUrl)).headers;
      const csp = policyDirectives(headers.get('content-security-policy') ?? '');
      assert.deepEqual(csp.get('frame-ancestors'), ["'self'", HOST]);

      const page = await openHost(session, folioUrl);
      const frame = folioFrame(page);
      const envelope = { version: 1, docId: 'host.pdf' };
      const opened = await waitForEvent(page, { type: 'folio:opened' });
      assert.deepEqual(opened, {
        type: 'folio:opened',
        ...envelope,
        pageCount: 14,
        title: 'Host <b>paper</b>',
        page: 1,
        zoom: 1,
      });
      await waitForPainted(frame, 1);

      await submit(page, 'Go to page', ['Page', '3']);
      await waitForEvent(page, { type: 'folio:pageChanged', page: 3 });
      const pageWidth = () =>
        frame.evaluate(
          () =>
            document.querySelector('[data-page-number="1"]')?.getBoundingClientRect().width ?? 0,
        );
      const widthAt100 = await pageWidth();
      await submit(page, 'Set zoom', ['Zoom', '1.5']);
      await waitForEvent(page, { type: 'folio:zoomChanged', zoom: 1.5 });
      await frame.waitForFunction((width) => {
        const now = document.querySelector('[data-page-number="1"]')?.getBoundingClientRect();
        return now !== undefined && Math.abs(now.width / width - 1.5) < 0.02;
      }, widthAt100);

      // A third origin inside the host page posts commands to Folio's frame: ignored.
      const before = (await received(page)).length;
      await page.evaluate((src) => {
        const iframe = document.createElement('iframe');
        iframe.src = src;
        document.body.append(iframe);
      }, `${INTRUDER}/attack.html`);
      await page.frameLocator(`iframe[src^="${INTRUDER}"]`).locator('#sent').waitFor();
      await page.waitForTimeout(1000);
      assert.equal((await received(page)).length, before, 'no event followed the intruder');
      assert.equal((await seenInFrame(frame)).length, before, 'Folio itself did nothing');

      await submit(page, 'Search', ['Text', 'Trace-based']);
      const searchBox = frame.getByRole('searchbox', { name: 'Search text' });
      await searchBox.waitFor();
      assert.equal(await searchBox.inputValue(), 'Trace-based');

      await submit(page, 'Open signature pad');
      await padReady(frame);
      await drawWithMouse(frame);
      await frame.getByRole('button', { name: 'Confirm' }).click();
      await frame.locator('.folio-sign-modal .ant-modal-wrap').waitFor({ state: 'hidden' });
      await frame.getByRole('button', { name: 'Place on current page' }).click();
      await frame.locator('[data-signature-index="0"]').waitFor();
      await frame.getByRole('button', { name: 'Finish' }).click();
      const signed = await waitForEvent(page, { type: 'folio:signed' });
      assert.ok(signed.type === 'folio:signed' && signed.placements.length === 1);
      assert.match(signed.image, /^data:image\/png;base64,/);

      await frame.getByRole('button', { name: 'Print', exact: true }).first().click();
      const dialog = frame.getByRole('dialog', { name: 'Print' });
      await chooseRadio(dialog.getByRole('radio', { name: 'Current page' }));
      await dialog.getByRole('button', { name: 'Print', exact: true }).click();
      await waitForEvent(page, { type: 'folio:printFinished' });

      const events = await received(page);
      const types = events.map((event) => event.type);
      assert.deepEqual(
        types.filter((type) => type !== 'folio:pageChanged' && type !== 'folio:zoomChanged'),
        ['folio:opened', 'folio:signed', 'folio:printStarted', 'folio:printFinished'],
      );
      assert.deepEqual(events.slice(1, 3), [
        { type: 'folio:pageChanged', ...envelope, page: 3, pageCount: 14 },
        { type: 'folio:zoomChanged', ...envelope, zoom: 1.5 },
      ]);
      assert.deepEqual(events.slice(-2), [
        { type: 'folio:printStarted', ...envelope, pages: 1 },
        { type: 'folio:printFinished', ...envelope, outcome: 'printed' },
      ]);
      for (const event of events) assert.equal(event.docId, 'host.pdf');
      // The host heard exactly what Folio's own window heard, payloads included.
      assert.deepEqual(events, await seenInFrame(frame));
      // Page changes come once per page reached, never twice in a row for the same page.
      const pages = events.flatMap((e) => (e.type === 'folio:pageChanged' ? [e.page] : []));
      assert.ok(
        pages.every((p, i) => i === 0 || p !== pages[i - 1]),
        pages.join(','),
      );
      assert.ok(!pages.includes(9), 'the intruder did not turn the page');
      await screenshot(page, 'host-example-serve');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });

  it('hears why a document cannot be shown (folio:failed), in the reader’s words', async () => {
    const session = await newSession(browser);
    try {
      const page = await openHost(session, `${configured.url}/viewer/?lang=en`, 'missing.pdf');
      const failed = await waitForEvent(page, { type: 'folio:failed' });
      assert.deepEqual(failed, {
        type: 'folio:failed',
        version: 1,
        docId: 'missing.pdf',
        kind: 'notFound',
        message: 'Document not found',
        status: 404,
      });
      await folioFrame(page, 'missing.pdf').getByText('Document not found').first().waitFor();
    } finally {
      await session.close();
    }
  });

  it('nothing is posted, and any site may frame Folio, when no host origin is configured', async () => {
    const session = await newSession(browser);
    try {
      // Inside Folio's frame, its own window events (which fire either way) are recorded.
      await session.context.addInitScript(recordFolioEvents);
      const folioUrl = `${unconfigured.url}/viewer/?lang=en`;
      const headers = (await fetch(folioUrl)).headers;
      const csp = policyDirectives(headers.get('content-security-policy') ?? '');
      assert.deepEqual(csp.get('frame-ancestors'), ['*']);
      const page = await openHost(session, folioUrl);
      const frame = folioFrame(page);
      await frame.waitForFunction(() => (window as FolioWindow).folioSeen?.length);
      await waitForPainted(frame, 1);
      await submit(page, 'Go to page', ['Page', '4']);
      await page.waitForTimeout(1000);
      assert.deepEqual(await received(page), []);
      const seen = await seenInFrame(frame);
      assert.deepEqual(
        seen.map((event) => event.type),
        ['folio:opened'],
        'opened fired in Folio, the command was not taken',
      );
    } finally {
      await session.close();
    }
  });
});

describe('the example host page npm start serves', () => {
  it('frames Folio, logs its events and sends its commands', async () => {
    const session = await newSession(browser, { viewport: { width: 1400, height: 900 } });
    try {
      const { page } = session;
      const query = new URLSearchParams({ doc: 'host.pdf', folio: viewerUrl('?lang=en') });
      await page.goto(viewerUrl(`examples/host.html?${query.toString()}`));
      await waitForEvent(page, { type: 'folio:opened' });
      await submit(page, 'Go to page', ['Page', '2']);
      await waitForEvent(page, { type: 'folio:pageChanged', page: 2 });
      const log = page.locator('#events li');
      assert.match((await log.first().textContent()) ?? '', /^folio:opened .*"pageCount":14/);
      assert.match(
        (await log.first().textContent()) ?? '',
        /Host <b>paper<\/b>/,
        'the title is shown as text',
      );
      await screenshot(page, 'host-example-start');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });
});
