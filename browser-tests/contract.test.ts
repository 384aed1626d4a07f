// The HTTP contract every Folio server keeps (docs/contracts.md §3–§4), checked against all three
// commands that serve Folio — `npm start`, `npm run preview` and `npm run serve` — so they cannot
// drift: file names with spaces, quotes, `%`, `#`, `?` and other scripts; Range; 404 and bad ids;
// `original` with its RFC 6266 `filename*`; the CSP header and meta of the page. A document whose
// name has Chinese characters and one with a quote and a space open in Chromium through each.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { inlineScriptHashes, policyDirectives } from '../server/csp.ts';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { waitForPainted } from './support/pixels.ts';
import { startNpmServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { newSession, screenshot } from './support/viewer.ts';

const BASE = '/viewer/';
const SAMPLE = path.join(import.meta.dirname, '..', 'mock', 'documents', 'tracemonkey.pdf');
const NAMES = [
  'a b.pdf',
  "it's here.pdf",
  'say "hi".pdf',
  '100% done.pdf',
  'issue #7.pdf',
  'why?.pdf',
  '报告 2026.pdf',
  'تقرير.pdf',
] as const;
const OPENED = ['报告 2026.pdf', "it's here.pdf"] as const;
const COMMANDS = ['start', 'preview', 'serve'] as const;

const root = mkdtempSync(path.join(tmpdir(), 'folio-contract-'));
const docsDir = path.join(root, 'docs');
const servers = new Map<(typeof COMMANDS)[number], RunningServer>();
let browser: Browser;

before(async () => {
  mkdirSync(docsDir);
  for (const name of NAMES) copyFileSync(SAMPLE, path.join(docsDir, name));
  const { distDir } = await prodBuild();
  const env = {
    BASE_PATH: BASE,
    DOCS_DIR: docsDir,
    DIST_DIR: distDir,
    CACHE_DIR: path.join(root, 'cache'),
    LIVE_RELOAD: '0',
    LOG_LEVEL: 'warn',
    // The facility's contract, the same open in every command (signed links: auth.test.ts).
    AUTH: 'off',
  };
  // One at a time: three webpack/pdf.js start-ups at once would crowd two cores.
  for (const command of COMMANDS) {
    servers.set(command, await startNpmServer(command, env, BASE));
  }
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
  await Promise.all([...servers.values()].map((server) => server.stop()));
  rmSync(root, { recursive: true, force: true });
});

const api = (origin: string, rest: string) => `${origin}${BASE}api/${rest}`;
const docUrl = (origin: string, name: string, rest = '') =>
  api(origin, `documents/${encodeURIComponent(name)}${rest}`);

for (const command of COMMANDS) {
  describe(`npm ${command === 'start' ? 'start' : `run ${command}`}`, () => {
    const origin = () => {
      const server = servers.get(command);
      if (!server) throw new Error(`${command} did not start`);
      return server.url;
    };

    it('answers metadata, content and original for every file name', async () => {
      for (const name of NAMES) {
        const meta = await fetch(docUrl(origin(), name));
        assert.equal(meta.status, 200, `metadata of ${name}`);
        const body = (await meta.json()) as { title?: string; pageCount?: number };
        assert.equal(body.pageCount, 14, `pageCount of ${name}`);

        const content = await fetch(docUrl(origin(), name, '/content'));
        assert.equal(content.status, 200, `content of ${name}`);
        assert.equal(content.headers.get('content-type'), 'application/pdf');
        assert.equal((await content.arrayBuffer()).byteLength, 1016315);

        const original = await fetch(docUrl(origin(), name, '/original'));
        assert.equal(original.status, 200, `original of ${name}`);
        const disposition = original.headers.get('content-disposition') ?? '';
        assert.match(disposition, /^attachment;/);
        assert.ok(
          disposition.includes(`filename*=UTF-8''${encodeURIComponent(name).replace(/'/g, '%27')}`),
          `${name}: ${disposition}`,
        );
        await original.body?.cancel();
      }
    });

    it('serves byte ranges of the content', async () => {
      const response = await fetch(docUrl(origin(), '报告 2026.pdf', '/content'), {
        headers: { Range: 'bytes=0-99' },
      });
      assert.equal(response.status, 206);
      assert.equal(response.headers.get('content-range'), 'bytes 0-99/1016315');
      const bytes = new Uint8Array(await response.arrayBuffer());
      assert.equal(bytes.byteLength, 100);
      assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), '%PDF-');
    });

    it('answers an unknown id with 404 and an id that leaves the folder or has controls with an error', async () => {
      const unknown = await fetch(docUrl(origin(), 'nothing here.pdf'));
      assert.equal(unknown.status, 404);
      assert.equal(((await unknown.json()) as { error: string }).error, 'not_found');
      for (const bad of ['../package.json', 'a\u0001b.pdf']) {
        const response = await fetch(docUrl(origin(), bad));
        assert.ok([400, 404].includes(response.status), `${bad}: ${String(response.status)}`);
        assert.equal(typeof ((await response.json()) as { error: unknown }).error, 'string');
      }
    });

    it('sends the page with a CSP header and meta that allow exactly its inline scripts', async () => {
      const response = await fetch(`${origin()}${BASE}?doc=x`);
      assert.equal(response.status, 200);
      const html = await response.text();
      const header = response.headers.get('content-security-policy') ?? '';
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
      assert.ok(meta, 'a CSP meta');
      const hashes = inlineScriptHashes(html);
      assert.ok(hashes.length >= 1);
      for (const policy of [header, meta.replaceAll('&amp;', '&').replaceAll('&quot;', '"')]) {
        const scripts = policyDirectives(policy).get('script-src') ?? [];
        for (const hash of hashes) assert.ok(scripts.includes(hash), `${hash} in ${policy}`);
      }
      assert.ok(policyDirectives(header).has('frame-ancestors'));
      assert.ok(html.includes(`window.routerBase = "${BASE}"`));
    });

    for (const name of OPENED) {
      it(`opens "${name}" in the viewer, page 1 painted`, async () => {
        const session = await newSession(browser);
        try {
          await session.page.goto(`${origin()}${BASE}?doc=${encodeURIComponent(name)}&lang=en`);
          await waitForPainted(session.page, 1, 60_000);
          await session.page.getByText('1 / 14', { exact: true }).waitFor();
          await screenshot(session.page, `contract-${command}-${OPENED.indexOf(name)}`);
          assert.deepEqual(session.problems, []);
        } finally {
          await session.close();
        }
      });
    }
  });
}
