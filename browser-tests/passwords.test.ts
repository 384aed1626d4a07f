// Encrypted files through `npm run serve` with signed links (contracts §3, "Passwords";
// docs/decisions/2026-12-06-passwords.md): a zip whose PDF entry is AES-encrypted, listed and
// tagged, and opened once the reader types its password (a wrong one first, refused as for a
// PDF); and a .docx encrypted with OOXML's agile encryption, decrypted on the server with the
// reader's password and converted; a RAR 5 whose listing is encrypted (rarfile's sample,
// facility/archives/__tests__/fixtures), read by The Unarchiver; a RAR 4's encrypted entry, which
// Debian's unar cannot decrypt, refused saying so with the way back to its listing. The password
// travels in a header only: never in a URL.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import officeCrypto from 'officecrypto-tool';
import type { Browser, Page } from 'playwright-core';
import { waitForPainted } from './support/pixels.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import { hostKey } from './support/signed-links.ts';
import type { HostKey } from './support/signed-links.ts';
import type { RunningServer } from './support/server.ts';
import { newSession, screenshot } from './support/viewer.ts';

/** 7zz writes a zip's password in ASCII only; the .docx's is any text. */
const ZIP_PASSWORD = 'Open sesame 7';
const DOCX_PASSWORD = 'Geheim ä1 秘密';
/** rarfile's sample's (facility/archives/__tests__/fixtures/README.md). */
const RAR_PASSWORD = 'password';

const root = mkdtempSync(path.join(tmpdir(), 'folio-passwords-'));
const docsDir = path.join(root, 'docs');
const fixtures = path.join(import.meta.dirname, '..', 'server', '__tests__', 'fixtures');
let browser: Browser;
let server: RunningServer;
let served: Served;
let key: HostKey;

before(async () => {
  key = await hostKey(root);
  mkdirSync(docsDir);
  const pack = mkdtempSync(path.join(root, 'pack-'));
  copyFileSync(
    path.join(import.meta.dirname, '..', 'mock', 'documents', 'tracemonkey.pdf'),
    path.join(pack, 'paper.pdf'),
  );
  execFileSync(
    '7zz',
    ['a', '-bd', `-p${ZIP_PASSWORD}`, '-mem=AES256', path.join(docsDir, 'locked.zip'), 'paper.pdf'],
    { cwd: pack, stdio: 'ignore' },
  );
  writeFileSync(
    path.join(docsDir, 'locked.docx'),
    officeCrypto.encrypt(readFileSync(path.join(fixtures, 'three-pages.docx')), {
      password: DOCX_PASSWORD,
    }),
  );
  const rarSamples = path.join(
    import.meta.dirname,
    '..',
    'facility',
    'archives',
    '__tests__',
    'fixtures',
  );
  copyFileSync(path.join(rarSamples, 'rar5-hpsw.rar'), path.join(docsDir, 'locked-listing.rar'));
  copyFileSync(path.join(rarSamples, 'rar4-encrypted.rar'), path.join(docsDir, 'old.rar'));
  served = await serveWithChromium(root, { AUTH_PUBLIC_KEYS: key.keysFile });
  ({ server, browser } = served);
});

after(() => served.close());

async function open(page: Page, doc: string): Promise<void> {
  const signed = await key.token(doc);
  await page.goto(`${server.url}/viewer/?doc=${encodeURIComponent(doc)}&lang=en#token=${signed}`);
}

/** Types `password` into the password dialog and sends it. */
async function answer(page: Page, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Password required' });
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Open' }).click();
}

/**
 * The console's errors, less the facility's 422 answers to the document's metadata asked for
 * before the password was given.
 */
function unexpected(problems: readonly string[]): string[] {
  return problems.filter((problem) => !/status of 422\b/.test(problem));
}

describe('encrypted files through npm run serve, with a signed link', () => {
  it('a zip whose PDF entry is encrypted: listed, tagged, opened with its password', async () => {
    const session = await newSession(browser);
    const { page } = session;
    const urls: string[] = [];
    const headers: (string | undefined)[] = [];
    page.on('request', (request) => {
      urls.push(request.url());
      if (request.url().includes('/api/documents/')) {
        headers.push(request.headers()['x-folio-password']);
      }
    });
    await open(page, 'locked.zip');
    await page.getByRole('tree').waitFor();
    await page.getByText('encrypted').waitFor();
    await page.getByRole('link', { name: /paper\.pdf/ }).click();
    // A wrong password first: the dialog asks again and says so.
    await answer(page, 'not it');
    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog.getByText('That password is not correct. Try again.').waitFor();
    await screenshot(page, 'passwords-zip-incorrect');
    await answer(page, ZIP_PASSWORD);
    await waitForPainted(page, 1);
    await screenshot(page, 'passwords-zip-entry');
    // The password went in its header, base64 of its UTF-8, and in no URL.
    assert.ok(headers.includes(Buffer.from(ZIP_PASSWORD).toString('base64')));
    assert.ok(urls.every((url) => !url.includes('sesame')));
    assert.deepEqual(unexpected(session.problems), []);
    await session.close();
  });

  it('a RAR 5 whose listing is encrypted: asked at once, listed, an entry opened', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'locked-listing.rar');
    await answer(page, 'not it');
    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog.getByText('That password is not correct. Try again.').waitFor();
    await answer(page, RAR_PASSWORD);
    await page.getByRole('tree').waitFor();
    assert.equal(await page.getByRole('treeitem').count(), 2);
    await screenshot(page, 'passwords-rar-listing');
    // The archive's password is kept for its entries: the entry opens without asking again.
    await page.getByRole('link', { name: /stest1\.txt/ }).click();
    await waitForPainted(page, 1, 60_000);
    await screenshot(page, 'passwords-rar-entry');
    assert.deepEqual(unexpected(session.problems), []);
    await session.close();
  });

  it("a RAR 4's encrypted entry: no password asked, the reason shown, back to the listing", async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'old.rar');
    await page.getByRole('tree').waitFor();
    await page.getByRole('link', { name: /b\.txt/ }).click();
    await page.getByText('it uses RAR 4 encryption, which this server cannot decrypt').waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'Password required' }).count(), 0);
    await screenshot(page, 'passwords-rar4-entry');
    await page.getByRole('link', { name: 'Back to list' }).click();
    await page.getByRole('tree').waitFor();
    assert.equal(await page.getByRole('treeitem').count(), 4);
    // The refusal is the facility's 415 to the entry's metadata, nothing else.
    assert.deepEqual(
      session.problems.filter((problem) => !/status of 415\b/.test(problem)),
      [],
    );
    await session.close();
  });

  it('an encrypted .docx: the password asked at once, the file decrypted and converted', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'locked.docx');
    await page.getByRole('dialog', { name: 'Password required' }).waitFor();
    await screenshot(page, 'passwords-docx-asked');
    await answer(page, DOCX_PASSWORD);
    // LibreOffice converts the decrypted file on its first open.
    await waitForPainted(page, 1, 90_000);
    await screenshot(page, 'passwords-docx-page');
    assert.deepEqual(unexpected(session.problems), []);
    await session.close();
  });
});
