// Archives and e-mail through `npm run serve` with signed links (docs/server.md, "Archives and
// e-mail"; docs/decisions/2026-12-06-listing-view.md): a zip with Chinese names listed, a PDF and a
// DOCX opened from it and back; a .7z and a .tar.gz; an .eml with its HTML body, inline image and
// PDF attachment; an Outlook .msg; and a reader who may not download, who sees an entry's pages
// as images and never receives its bytes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIResponse, Browser, Page } from 'playwright-core';
import { buildMsg } from '../facility/archives/__tests__/_msg.ts';
import { buildZip } from '../facility/archives/__tests__/_zip.ts';
import { emailWithPdf } from './support/archives.ts';
import { waitForPainted } from './support/pixels.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import { hostKey } from './support/signed-links.ts';
import type { HostKey } from './support/signed-links.ts';
import type { RunningServer } from './support/server.ts';
import { newSession, screenshot } from './support/viewer.ts';

const root = mkdtempSync(path.join(tmpdir(), 'folio-archives-serve-'));
const docsDir = path.join(root, 'docs');
const paper = readFileSync(
  path.join(import.meta.dirname, '..', 'mock', 'documents', 'tracemonkey.pdf'),
);
const docx = path.join(
  import.meta.dirname,
  '..',
  'server',
  '__tests__',
  'fixtures',
  'three-pages.docx',
);
let browser: Browser;
let server: RunningServer;
let served: Served;
let key: HostKey;

/** `files` packed by Debian's 7zz or bsdtar (as npm test installs them) into `name`. */
function packed(name: string, files: Record<string, Uint8Array>): void {
  const dir = mkdtempSync(path.join(root, 'pack-'));
  for (const [file, bytes] of Object.entries(files)) writeFileSync(path.join(dir, file), bytes);
  const out = path.join(docsDir, name);
  if (name.endsWith('.7z'))
    execFileSync('7zz', ['a', '-bd', out, ...Object.keys(files)], { cwd: dir });
  else execFileSync('bsdtar', ['-czf', out, ...Object.keys(files)], { cwd: dir });
}

before(async () => {
  key = await hostKey(root);
  mkdirSync(docsDir);
  writeFileSync(
    path.join(docsDir, 'scans.zip'),
    buildZip([
      { name: '2026/合同/季度报告.pdf', data: paper, utf8: true },
      { name: '2026/合同/三页.docx', data: readFileSync(docx), utf8: true },
    ]),
  );
  packed('supplier.7z', { 'invoice.pdf': paper });
  packed('logs.tar.gz', { 'report.pdf': paper });
  writeFileSync(path.join(docsDir, 'contract.eml'), emailWithPdf(paper, 'contract.pdf'));
  writeFileSync(
    path.join(docsDir, 'memo.msg'),
    buildMsg({
      subject: '季度报告 memo',
      from: { name: 'Li Lei', email: 'li@example.com' },
      to: [{ name: 'Han Meimei', email: 'han@example.com' }],
      body: 'The memo body',
      attachments: [{ name: 'memo.pdf', data: paper }],
    }),
  );
  served = await serveWithChromium(root, { AUTH_PUBLIC_KEYS: key.keysFile, VIEW_ONLY: 'auto' });
  ({ server, browser } = served);
});

after(() => served.close());

const token = (doc: string, perm?: string[]) => key.token(doc, perm);

async function open(page: Page, doc: string, perm?: string[]): Promise<void> {
  const signed = await token(doc, perm);
  await page.goto(`${server.url}/viewer/?doc=${encodeURIComponent(doc)}&lang=en#token=${signed}`);
}

/** Finds an entry by the listing's search and opens it. */
async function openEntry(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name.slice(0, 4));
  await page.getByRole('link', { name }).click();
}

describe('archives and e-mail through npm run serve, with a signed link', () => {
  it('a zip with Chinese names: a PDF and a DOCX opened from it, and back', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'scans.zip');
    await page.getByRole('tree').waitFor();
    await openEntry(page, '季度报告.pdf');
    await waitForPainted(page, 1);
    await page.getByRole('link', { name: 'Back to list' }).click();
    await page.getByRole('tree').waitFor();
    await openEntry(page, '三页.docx');
    // LibreOffice converts it on its first open: the viewer shows the progress, then page 1.
    await waitForPainted(page, 1, 90_000);
    await screenshot(page, 'archives-serve-docx-entry');
    await page.goBack();
    await page.getByRole('tree').waitFor();
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  for (const [archive, entry] of [
    ['supplier.7z', 'invoice.pdf'],
    ['logs.tar.gz', 'report.pdf'],
  ] as const) {
    it(`${archive} lists ${entry}, which opens`, async () => {
      const session = await newSession(browser);
      const { page } = session;
      await open(page, archive);
      await page.getByRole('tree').waitFor();
      await openEntry(page, entry);
      await waitForPainted(page, 1);
      assert.deepEqual(session.problems, []);
      await session.close();
    });
  }

  it('an .eml: its fields, its HTML body with the inline image, its PDF attachment opened', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'contract.eml');
    const message = page.getByRole('article', { name: 'E-mail message' });
    await message.waitFor();
    assert.match(await message.innerText(), /Li Lei <li@example\.com>/);
    const body = page.frameLocator('iframe.folio-email-html');
    await body.locator('body').waitFor();
    const inline = body.locator('img[src^="data:"]').first();
    await inline.waitFor({ state: 'attached' });
    assert.ok(
      await inline.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    );
    await screenshot(page, 'archives-serve-eml');
    await openEntry(page, 'contract.pdf');
    await waitForPainted(page, 1);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('an Outlook .msg: its subject, its body and its attachment', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'memo.msg');
    const message = page.getByRole('article', { name: 'E-mail message' });
    await message.waitFor();
    const text = await message.innerText();
    assert.match(text, /季度报告 memo/);
    assert.match(text, /The memo body/);
    await page.getByRole('link', { name: 'memo.pdf' }).waitFor();
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it("a reader who may not download sees an entry's pages as images and never its bytes", async () => {
    const session = await newSession(browser);
    const { page } = session;
    const types: string[] = [];
    page.on('response', (response) => {
      types.push(response.headers()['content-type'] ?? '');
    });
    await open(page, 'scans.zip', ['print']);
    await page.getByRole('tree').waitFor();
    await openEntry(page, '季度报告.pdf');
    // Page 1 drawn from the server's image of it, the reader's watermark in its pixels.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-page-number="1"] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    assert.equal(types.filter((type) => type.includes('application/pdf')).length, 0);
    const bearer = { authorization: `Bearer ${await token('scans.zip', ['print'])}` };
    const meta = await page.request.get(`${server.url}/viewer/api/documents/scans.zip`, {
      headers: bearer,
    });
    const entry = (
      (await meta.json()) as { listing: { entries: { id: string; path: string }[] } }
    ).listing.entries.find((one) => one.path.endsWith('季度报告.pdf'));
    assert.ok(entry);
    for (const file of ['content', 'original']) {
      const refused: APIResponse = await page.request.get(
        `${server.url}/viewer/api/documents/${encodeURIComponent(entry.id)}/${file}`,
        { headers: bearer },
      );
      assert.equal(refused.status(), 403, file);
    }
    await screenshot(page, 'archives-serve-view-only');
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});
