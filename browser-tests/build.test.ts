// The production build (spec §2): the wildcard page's chunk group holds exactly two JS files, read
// from webpack's own stats; chunks time out after 120 s; the same build, relocated to another base
// by its settings only, serves a deep link.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startServer } from '../server/app.ts';
import { contentSecurityPolicy, inlineScriptHashes } from '../server/csp.ts';
import { prodBuild } from './support/build.ts';
import type { BuildFacts } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot } from './support/viewer.ts';

let distDir: string;
let facts: BuildFacts;
let browser: Browser;

before(async () => {
  ({ distDir, facts } = await prodBuild());
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
});

describe('production build', () => {
  it('the wildcard page loads as exactly two script chunks', () => {
    const scripts = facts.chunkGroupScripts.viewer;
    assert.ok(scripts, 'a chunk group named "viewer" (src/pages/routes.ts)');
    assert.equal(scripts.length, 2, `viewer chunk group: ${scripts.join(', ')}`);
  });

  it("Download signed copy's pdf-lib is a third lazy chunk of its own, not in the page's two", () => {
    const { viewer: page, 'sign-export': group } = facts.chunkGroupScripts;
    assert.ok(page, 'a chunk group named "viewer"');
    assert.ok(group, 'a chunk group named "sign-export" (src/models/sign)');
    const own = group.filter((f) => !page.includes(f));
    assert.equal(own.length, 1, `sign-export chunk group: ${own.join(', ')}`);
    const text = (file: string) => readFileSync(path.join(distDir, file), 'utf8');
    // A string of pdf-lib's own (its load error), which minifying keeps.
    const pdfLib = 'PDFDocument.load';
    const [chunk] = own;
    assert.ok(chunk && text(chunk).includes(pdfLib), 'pdf-lib is in sign-export');
    for (const file of page) assert.ok(!text(file).includes(pdfLib), `pdf-lib is not in ${file}`);
  });

  it("the reading chrome's antd part and the document's status are chunks of their own, off the page's two", () => {
    const groups = facts.chunkGroupScripts;
    const page = groups.viewer;
    assert.ok(page, 'a chunk group named "viewer"');
    const text = (file: string) => readFileSync(path.join(distDir, file), 'utf8');
    // The chrome's bars are the page's own, without antd; its antd part (panels, pads, dialogs,
    // menus) a chunk of its own with the antd components it shares with the document's status
    // (later-vendor), loaded after page 1 (docs/decisions/2026-11-27-toolbar-without-antd.md).
    assert.equal(groups['reading-chrome'], undefined, 'no reading-chrome chunk group');
    const panels = groups['reading-panels'];
    assert.ok(panels, 'a chunk group named "reading-panels"');
    for (const name of ['reading-panels', 'document-status']) {
      const group = groups[name];
      assert.ok(group, `a chunk group named "${name}"`);
      assert.deepEqual(
        group.map((file) => file.replace(/\.[0-9a-f]{8}\.js$/, '')).sort(),
        ['later-vendor', name].sort(),
      );
      for (const file of group) assert.ok(!page.includes(file), `${file} is not the page's`);
    }
    // Strings of code only the chrome's antd part runs, which minifying keeps: signature_pad's
    // option and the outline's tree role (the panels'), the password form's validator, antd's
    // CSS-in-JS (nothing of antd before page 1, toolbar included: the watermark is Folio's own,
    // docs/decisions/2026-11-26-one-watermark.md).
    for (const [needle, chunk] of [
      ['velocityFilterWeight', 'reading-panels'],
      ['"treeitem"', 'reading-panels'],
      ['async-validator', 'later-vendor'],
      ['data-css-hash', 'later-vendor'],
    ] as const) {
      const file = panels.find((f) => f.startsWith(`${chunk}.`));
      assert.ok(file && text(file).includes(needle), `${needle} is in ${chunk}`);
      for (const other of page) {
        assert.ok(!text(other).includes(needle), `${needle} is not in ${other}`);
      }
    }
  });

  // docs/decisions/2026-12-06-listing-view.md, 2026-12-06-sheet-view.md: only an answer whose
  // view is `listing` (or `sheet`) asks for its engine.
  for (const [engine, needle] of [
    ['listing', 'folio-listing-tree'],
    ['sheet', 'folio-sheet-scroller'],
  ] as const) {
    it(`the ${engine} engine is a chunk of its own, which a reader of a PDF never loads`, () => {
      const groups = facts.chunkGroupScripts;
      const page = groups.viewer;
      const own = groups[engine];
      assert.ok(page, 'a chunk group named "viewer"');
      assert.ok(own, `a chunk group named "${engine}"`);
      assert.deepEqual(
        own.map((file) => file.replace(/\.[0-9a-f]{8}\.js$/, '')),
        [engine],
      );
      for (const file of own) assert.ok(!page.includes(file), `${file} is not the page's`);
      const text = (file: string) => readFileSync(path.join(distDir, file), 'utf8');
      const [first] = own;
      assert.ok(first && text(first).includes(needle), `${needle} is in ${engine}`);
      for (const other of page) {
        assert.ok(!text(other).includes(needle), `${needle} is not in ${other}`);
      }
    });
  }

  it('the media engine is a chunk of its own, which a reader of a PDF never loads', () => {
    // docs/decisions/2026-12-06-media-view.md: only an answer whose view is `media` asks for it.
    const groups = facts.chunkGroupScripts;
    const page = groups.viewer;
    const media = groups.media;
    assert.ok(page, 'a chunk group named "viewer"');
    assert.ok(media, 'a chunk group named "media"');
    assert.deepEqual(
      media.map((file) => file.replace(/\.[0-9a-f]{8}\.js$/, '')),
      ['media'],
    );
    const text = (file: string) => readFileSync(path.join(distDir, file), 'utf8');
    const [own] = media;
    assert.ok(own && text(own).includes('folio-media-player'), 'the player is in media');
    for (const other of page) {
      assert.ok(!text(other).includes('folio-media-player'), `the player is not in ${other}`);
    }
  });

  it("carries V8's compile hint on the scripts every start runs whole, and on no other", () => {
    const groups = facts.chunkGroupScripts;
    const hint = '//# allFunctionsCalledOnLoad\n';
    const named = (prefix: string) =>
      Object.values(groups)
        .flat()
        .filter((file, at, all) => file.startsWith(`${prefix}.`) && all.indexOf(file) === at);
    for (const [prefix, hinted] of [
      ['main', true],
      ['viewer', true],
      ['later-vendor', true],
      ['viewer-vendor', false],
      ['reading-panels', false],
    ] as const) {
      const [file, ...more] = named(prefix);
      assert.ok(file && more.length === 0, `one ${prefix} script`);
      const built = readFileSync(path.join(distDir, file), 'utf8');
      const served = brotliDecompressSync(readFileSync(path.join(distDir, `${file}.br`)));
      for (const text of [built, served.toString()]) {
        assert.equal(
          text.startsWith(hint),
          hinted,
          `${file} ${hinted ? 'starts' : 'does not start'} with the hint`,
        );
      }
      // The source map counts the hint's line: its first mapping is on the first line of code.
      const map = JSON.parse(readFileSync(path.join(distDir, `${file}.map`), 'utf8')) as {
        mappings: string;
      };
      const code = built.split('\n').findIndex((line) => !/^(\/\/|\/\*)/.test(line));
      assert.equal(/^;*/.exec(map.mappings)?.[0].length, code, `${file}.map`);
    }
  });

  it('ships the host protocol as folio-host.d.ts, and no example host page', () => {
    const declaration = readFileSync(path.join(distDir, 'folio-host.d.ts'), 'utf8');
    const source = readFileSync(
      path.join(import.meta.dirname, '..', 'src', 'services', 'host', 'protocol.ts'),
      'utf8',
    );
    assert.equal(declaration, source);
    assert.match(declaration, /export type FolioEvent =/);
    assert.equal(existsSync(path.join(distDir, 'examples')), false, 'the example is npm start’s');
    // A build names no host: that is the deployer's (docs/embedding.md).
    assert.doesNotMatch(readFileSync(path.join(distDir, 'index.html'), 'utf8'), /hostOrigin/);
  });

  it('precompresses what it serves (brotli and gzip siblings), but not index.html', () => {
    const scripts = Object.values(facts.chunkGroupScripts).flat();
    assert.ok(scripts.length > 0);
    for (const file of scripts) {
      for (const encoded of [`${file}.br`, `${file}.gz`]) {
        assert.ok(existsSync(path.join(distDir, encoded)), `${encoded} is built`);
      }
    }
    assert.equal(existsSync(path.join(distDir, 'index.html.br')), false);
    assert.equal(existsSync(path.join(distDir, 'index.html.gz')), false);
  });

  it('sets the chunk load timeout to 120 s and the chunk base path to ./', () => {
    assert.equal(facts.chunkLoadTimeout, 120_000);
    assert.equal(facts.publicPath, './');
  });

  it("dist/index.html's CSP meta hashes its own three inline scripts, and nothing else", () => {
    const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
    assert.equal(meta, contentSecurityPolicy({ html, delivery: 'meta' }));
    const hashes = inlineScriptHashes(html);
    assert.equal(hashes.length, 3, 'the settings block, the boot loader and the first frame');
    const scriptSrc = /script-src ([^;]*)/.exec(meta)?.[1].split(' ') ?? [];
    assert.deepEqual(
      scriptSrc.filter((source) => source.startsWith("'sha256-")),
      hashes,
    );
    assert.ok(!scriptSrc.includes("'unsafe-eval'") && !scriptSrc.includes("'unsafe-inline'"));
  });

  it('relocates to another base by index.html settings only, deep links included', async () => {
    const server = await startServer({
      port: 0,
      basePath: '/elsewhere/',
      distDirs: [distDir],
      simulate: true,
    });
    const session = await newSession(browser);
    try {
      const failed: string[] = [];
      session.page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${String(r.status())} ${r.url()}`);
      });
      await session.page.goto(new URL('x/y/z?doc=tracemonkey.pdf&lang=en', server.url).toString());
      await session.page.getByText('1 / 14').waitFor();
      await session.page.locator('[data-page-number="1"] canvas').waitFor();
      await screenshot(session.page, 'build-relocated');
      assert.deepEqual(failed, []);
      assert.deepEqual(session.problems, []);
      // The page ran under the rewritten meta and the server's header, both hashing the new block.
      assert.deepEqual(session.violations, []);
    } finally {
      await session.close();
      await server.close();
    }
  });
});
