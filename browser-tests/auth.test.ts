// Signed links through `npm run serve` with public keys (docs/embedding.md, "Signed links"): a
// signed link paints page 1 and its reader's name is the watermark on screen, in the print job and
// in the signed copy; the token leaves the address bar and never reaches the server's log; every
// refused link has its message and its `folio:failed` kind; `perm` takes Download away although
// the sidecar allows it; and a host's `folio:setToken` keeps the reader reading past the first
// token's expiry, while without one the reader is told and keeps the page and the signature.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import type { CryptoKey } from 'jose';
import type { Browser, Frame, Page } from 'playwright-core';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { drawnImages } from './support/pdfStamps.ts';
import { installImagePixels, pageBox, waitForPainted } from './support/pixels.ts';
import type { ImagePixelsWindow } from './support/pixels.ts';
import { startNpmServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { confirm, drawWithMouse, openPad } from './support/signing.ts';
import type { Ui } from './support/signing.ts';
import { newSession, OUT_DIR, screenshot } from './support/viewer.ts';

const SAMPLE = path.join(import.meta.dirname, '..', 'mock', 'documents', 'tracemonkey.pdf');
const root = mkdtempSync(path.join(tmpdir(), 'folio-auth-browser-'));
const docsDir = path.join(root, 'docs');
let browser: Browser;
let server: RunningServer;
let privateKey: CryptoKey;
let publicPem: string;
/** Every token this test made: none may show up in the server's output. */
const minted: string[] = [];
const today = new Date().toISOString().slice(0, 10);

const now = () => Math.floor(Date.now() / 1000);

async function token(claims: Record<string, unknown>, ttlS = 300): Promise<string> {
  const signed = await new SignJWT({ exp: now() + ttlS, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'host-1' })
    .sign(privateKey);
  minted.push(signed);
  return signed;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The host's page: frames Folio with a short-lived link and, if `renew`, renews it when asked. */
const hostServer = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://host');
  if (url.pathname === '/renew') {
    void token({ doc: 'contract.pdf', name: 'Li Lei', perm: ['download', 'print', 'sign'] }).then(
      (t) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(t));
      },
    );
    return;
  }
  const frame = url.searchParams.get('frame') ?? '';
  const renew = url.searchParams.get('renew') === '1';
  response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>
<iframe id="folio" src="${frame}" style="width:900px;height:700px"></iframe>
<script>
  window.events = [];
  const frame = document.getElementById('folio');
  const origin = new URL(frame.src).origin;
  window.addEventListener('message', async (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    window.events.push(event.data);
    if (${String(renew)} && event.data.type === 'folio:tokenExpiring') {
      const token = await (await fetch('/renew')).json();
      frame.contentWindow.postMessage({ type: 'folio:setToken', token }, origin);
    }
  });
</script>`);
});
let HOST: string;

before(async () => {
  const keys = await generateKeyPair('RS256', { extractable: true });
  privateKey = keys.privateKey;
  publicPem = await exportSPKI(keys.publicKey);
  const keysFile = path.join(root, 'keys.pem');
  writeFileSync(keysFile, publicPem);
  mkdirSync(docsDir);
  copyFileSync(SAMPLE, path.join(docsDir, 'contract.pdf'));
  copyFileSync(SAMPLE, path.join(docsDir, 'other.pdf'));
  writeFileSync(
    path.join(docsDir, 'contract.pdf.json'),
    JSON.stringify({
      title: 'Contract',
      watermarkInfo: { text: '{name} · {date}', fontSize: 22, color: 'rgba(0, 0, 255, 0.35)' },
      param: { download: true, isFcsDownload: true, print: true, showSignature: true },
    }),
  );
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  HOST = `http://127.0.0.1:${String((hostServer.address() as AddressInfo).port)}`;
  const { distDir } = await prodBuild();
  server = await startNpmServer(
    'serve',
    {
      BASE_PATH: '/viewer/',
      DIST_DIR: distDir,
      DOCS_DIR: docsDir,
      CACHE_DIR: path.join(root, 'cache'),
      AUTH_PUBLIC_KEYS: keysFile,
      // What a token's `perm` does to the PDF viewer; the view-only mode a reader without
      // `download` gets by default has its own test (view-only.test.ts).
      VIEW_ONLY: 'off',
      // Expiry within seconds, not a minute of allowed clock skew.
      AUTH_CLOCK_SKEW_S: '0',
      HOST_ORIGIN: HOST,
      LOG_LEVEL: 'info',
    },
    '/viewer/api/health',
    { capture: true },
  );
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
  await server.stop();
  hostServer.close();
  rmSync(root, { recursive: true, force: true });
});

const link = (signed: string, doc = 'contract.pdf', lang = 'en') =>
  `${server.url}/viewer/?doc=${doc}&lang=${lang}#page=1&token=${signed}`;

/**
 * Records every `folio:failed` event on Folio's window, and stubs printing (as print.test.ts);
 * installed after support/pixels.ts's `installImagePixels`.
 */
function instrument(): void {
  const seen: unknown[] = [];
  Object.assign(window, { __failed: seen, __printed: [] as string[] });
  window.addEventListener('folio:failed', (event) => {
    seen.push((event as CustomEvent).detail);
  });
  window.print = () => {
    const images = document.querySelectorAll<HTMLImageElement>('.folio-print-container img');
    // Each printed image as a hash of its pixels (FNV-1a): equal pixels, equal hashes.
    const hashes = Array.from(images, (img) => {
      const data = (window as unknown as ImagePixelsWindow).__imagePixels(img);
      let hash = 0x811c9dc5;
      for (const byte of data) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
      return `${String(img.naturalWidth)}x${String(img.naturalHeight)}:${hash.toString(16)}`;
    });
    (window as unknown as { __printed: string[] }).__printed.push(...hashes);
    setTimeout(() => window.dispatchEvent(new Event('afterprint')), 0);
  };
}

/** The watermark's overlay: its tile, a data URL drawn from the text. */
function screenWatermark(ui: Ui): Promise<string | undefined> {
  return ui.evaluate(() =>
    Array.from(document.querySelectorAll('div'), (div) => getComputedStyle(div).backgroundImage)
      .find((image) => image.startsWith('url("data:image/png'))
      ?.slice(0, 20_000),
  );
}

async function printPage1(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Print' });
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await dialog.waitFor();
  await dialog.getByRole('textbox', { name: 'Page range' }).fill('1');
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  await page.waitForFunction(() => (window as unknown as { __printed: string[] }).__printed.length);
  return page.evaluate(() => (window as unknown as { __printed: string[] }).__printed.join('\n'));
}

async function placeSignature(ui: Ui, page: Page): Promise<void> {
  await openPad(ui);
  await drawWithMouse(ui);
  await confirm(ui);
  const box = await pageBox(ui, 1);
  assert.ok(box);
  // A point of page 1 in view (the page is taller than the window at 100 %).
  await page.mouse.click(box.x + box.width / 2, Math.max(box.y, 0) + 300);
  await ui.locator('[data-signature-index="0"]').waitFor();
}

interface Seen {
  text: unknown;
  screen: string | undefined;
  printed: string;
  mark: string;
}

/** Opens a signed link and reads the watermark wherever it goes. */
async function watermarkOf(signed: string, shot?: string): Promise<Seen> {
  const session = await newSession(browser);
  const { page } = session;
  try {
    await page.addInitScript(installImagePixels);
    await page.addInitScript(instrument);
    // What the server answers this reader (asked the way the viewer asks).
    const meta = await fetch(`${server.url}/viewer/api/documents/contract.pdf`, {
      headers: { Authorization: `Bearer ${signed}` },
    });
    const text = ((await meta.json()) as { watermarkInfo?: { text?: string } }).watermarkInfo?.text;
    await page.goto(link(signed));
    await waitForPainted(page, 1);
    assert.doesNotMatch(page.url(), /token/, 'the token left the address bar');
    assert.equal(page.url(), `${server.url}/viewer/?doc=contract.pdf&lang=en#page=1`);
    const screen = await screenWatermark(page);
    const printed = await printPage1(page);
    await placeSignature(page, page);
    if (shot !== undefined) await screenshot(page, shot);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download signed copy' }).click();
    const copy = readFileSync(await (await downloading).path());
    if (shot !== undefined) writeFileSync(path.join(OUT_DIR, `${shot}-signed-copy.pdf`), copy);
    const images = await drawnImages(new Uint8Array(copy));
    // The first image on page 1 is the watermark (the signature is drawn over it).
    const mark = Buffer.from(images.find((image) => image.page === 1)?.bytes ?? []).toString('hex');
    assert.deepEqual(session.problems, []);
    return { text, screen, printed, mark };
  } finally {
    await session.close();
  }
}

describe('npm run serve with AUTH_PUBLIC_KEYS', () => {
  it("a signed link paints page 1 with the reader's name in the watermark: screen, print, signed copy", async () => {
    const all = ['download', 'print', 'copy', 'search', 'sign'];
    const liLei = await watermarkOf(
      await token({ doc: 'contract.pdf', name: 'Li Lei', perm: all }),
      'auth-signed-link',
    );
    assert.equal(liLei.text, `Li Lei · ${today}`);
    // The same text given outright by the host draws the very same pixels; another reader's
    // name does not: the name is what the watermark shows.
    const given = await watermarkOf(
      await token({ doc: 'contract.pdf', sub: 'x', watermark: `Li Lei · ${today}`, perm: all }),
    );
    const other = await watermarkOf(
      await token({ doc: 'contract.pdf', name: 'Han Meimei', perm: all }),
    );
    assert.equal(other.text, `Han Meimei · ${today}`);
    for (const where of ['screen', 'printed', 'mark'] as const) {
      assert.ok(liLei[where] !== undefined && liLei[where] !== '', `${where} has a watermark`);
      assert.equal(liLei[where], given[where], `${where}: the name's own rendering`);
      assert.notEqual(liLei[where], other[where], `${where}: another name renders otherwise`);
    }
  });

  const refusals: [string, () => Promise<string>, string, string][] = [
    [
      'a token for another document',
      () => token({ doc: 'other.pdf', name: 'Li Lei' }),
      'tokenOtherDocument',
      'This link is for another document',
    ],
    [
      'an expired token',
      () => token({ doc: 'contract.pdf' }, -5),
      'tokenExpired',
      'This link has expired',
    ],
    [
      'a tampered token',
      async () => {
        const [header, , signature] = (await token({ doc: 'other.pdf' })).split('.');
        return `${header}.${b64({ doc: 'contract.pdf', exp: now() + 300 })}.${signature}`;
      },
      'tokenInvalid',
      'This link is not valid',
    ],
    [
      'alg: none',
      () =>
        Promise.resolve(
          `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ doc: 'contract.pdf', exp: now() + 300 })}.`,
        ),
      'tokenInvalid',
      'This link is not valid',
    ],
    [
      'HS256 signed with the RS256 public key',
      () => {
        const body = `${b64({ alg: 'HS256', typ: 'JWT', kid: 'host-1' })}.${b64({ doc: 'contract.pdf', exp: now() + 300 })}`;
        const mac = createHmac('sha256', publicPem).update(body).digest('base64url');
        return Promise.resolve(`${body}.${mac}`);
      },
      'tokenInvalid',
      'This link is not valid',
    ],
    [
      'no token at all',
      () => Promise.resolve(''),
      'tokenMissing',
      'This document needs a signed link',
    ],
  ];
  for (const [what, make, kind, message] of refusals) {
    it(`${what} is refused: "${message}", folio:failed ${kind}`, async () => {
      const session = await newSession(browser);
      const { page } = session;
      try {
        await page.addInitScript(installImagePixels);
        await page.addInitScript(instrument);
        const signed = await make();
        minted.push(signed);
        await page.goto(signed === '' ? link('').replace('&token=', '') : link(signed));
        await page.getByText(message, { exact: true }).waitFor();
        const failed = await page.evaluate(
          () => (window as unknown as { __failed: unknown[] }).__failed,
        );
        assert.deepEqual(
          failed.map((event) => (event as { kind: string }).kind),
          [kind],
        );
        assert.doesNotMatch(page.url(), /token=/);
        await screenshot(page, `auth-refused-${kind}`);
      } finally {
        await session.close();
      }
    });
  }

  it('in Chinese, an expired link says so', async () => {
    const session = await newSession(browser, { locale: 'zh-CN' });
    try {
      await session.page.goto(
        link(await token({ doc: 'contract.pdf' }, -5), 'contract.pdf', 'zh-CN'),
      );
      await session.page.getByText('此链接已过期', { exact: true }).waitFor();
      await screenshot(session.page, 'auth-expired-zh');
    } finally {
      await session.close();
    }
  });

  it('without download in perm there is no Download, and original is refused, although the sidecar allows it', async () => {
    const session = await newSession(browser);
    const { page } = session;
    try {
      const signed = await token({ doc: 'contract.pdf', name: 'Li Lei', perm: ['print'] });
      await page.goto(link(signed));
      await waitForPainted(page, 1);
      await page.getByRole('button', { name: 'Print', exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Download', exact: true }).count(), 0);
      const original = await page.evaluate(async (bearer) => {
        const res = await fetch('api/documents/contract.pdf/original', {
          headers: { Authorization: `Bearer ${bearer}` },
        });
        return { status: res.status, body: await res.text() };
      }, signed);
      assert.deepEqual(original, { status: 403, body: '{"error":"download_not_allowed"}' });
      await screenshot(page, 'auth-perm-print-only');
    } finally {
      await session.close();
    }
  });

  async function framed(renew: boolean) {
    const session = await newSession(browser);
    const { page } = session;
    const first = await token(
      { doc: 'contract.pdf', name: 'Li Lei', perm: ['download', 'print', 'sign'] },
      4,
    );
    const frameUrl = link(first);
    await page.goto(`${HOST}/?renew=${renew ? '1' : '0'}&frame=${encodeURIComponent(frameUrl)}`);
    const frame = page.frameLocator('#folio');
    await frame.locator('[data-page-number="1"] canvas').first().waitFor();
    const folio = page.frames().find((f) => f.url().startsWith(server.url));
    assert.ok(folio, 'Folio is framed');
    await waitForPainted(folio, 1);
    return { session, page, folio, first };
  }

  /** Downloads the original from the framed viewer: the file's size, or the failure shown. */
  async function download(page: Page, folio: Frame): Promise<number> {
    const downloading = page.waitForEvent('download', { timeout: 15_000 });
    await folio.getByRole('button', { name: 'Download', exact: true }).click();
    const file = await (await downloading).path();
    return readFileSync(file).length;
  }

  it('folio:setToken keeps the reader reading past the first token’s expiry', async () => {
    const { session, page, folio } = await framed(true);
    try {
      // Less than a minute left: the host is asked at once, and renews.
      await page.waitForFunction(() =>
        (window as unknown as { events: { type: string }[] }).events.some(
          (event) => event.type === 'folio:tokenExpiring',
        ),
      );
      await page.waitForTimeout(5_000); // the first token is now expired, on the server too
      assert.equal(await download(page, folio), readFileSync(SAMPLE).length);
      assert.equal(await folio.getByText('This link has expired').count(), 0);
      await screenshot(page, 'auth-renewed');
    } finally {
      await session.close();
    }
  });

  it('without a renewal the reader is told, and keeps the page and the signature', async () => {
    const { session, page, folio } = await framed(false);
    try {
      const events = () =>
        page.evaluate(() => (window as unknown as { events: { type: string }[] }).events);
      await placeSignature(folio, page);
      await folio.getByText('This link has expired', { exact: true }).waitFor({ timeout: 15_000 });
      assert.ok((await events()).some((event) => event.type === 'folio:tokenExpiring'));
      await waitForPainted(folio, 1);
      assert.equal(await folio.locator('[data-signature-index]').count(), 1);
      await screenshot(page, 'auth-expired-banner');
      // Nothing more comes from the facility: the original is refused now.
      const refused = await folio.evaluate(async () => {
        const res = await fetch('api/documents/contract.pdf/original');
        return res.status;
      });
      assert.equal(refused, 401);
    } finally {
      await session.close();
    }
  });

  it('no token is in the server’s output; each open is an audit line', () => {
    const output = server.output();
    assert.match(output, /"msg":"document opened"/);
    assert.match(output, /"name":"Li Lei"/);
    for (const signed of minted.filter((t) => t.length > 20)) {
      assert.equal(output.includes(signed), false, 'a token in the log');
      const signature = signed.split('.')[2] ?? '';
      if (signature !== '') {
        assert.equal(output.includes(signature), false, `a signature in the log: ${signature}`);
      }
    }
  });
});
