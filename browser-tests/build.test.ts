// The production build (issue 2): the wildcard page's chunk group holds exactly two JS files, read
// from webpack's own stats; chunks time out after 120 s; the same build, relocated to another base
// by its settings only, serves a deep link.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration, Stats } from 'webpack';
import type { Browser } from 'playwright-core';
import makeConfig from '../webpack.config.js';
import { startPreviewServer } from '../config/preview-server.ts';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot } from './support/viewer.ts';

const distDir = mkdtempSync(path.join(tmpdir(), 'folio-dist-'));
let stats: Stats;
let browser: Browser;

function build(config: Configuration): Promise<Stats> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, result) => {
      if (error) reject(error);
      else if (!result || result.hasErrors()) reject(new Error(result?.toString('errors-only')));
      else resolve(result);
    });
  });
}

before(async () => {
  const config = makeConfig({}, { mode: 'production' });
  stats = await build({ ...config, output: { ...config.output, path: distDir } });
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('production build', () => {
  it('the wildcard page loads as exactly two script chunks', () => {
    const json = stats.toJson({ chunkGroups: true, assets: false, modules: false });
    const group = json.namedChunkGroups?.viewer;
    assert.ok(group, 'a chunk group named "viewer" (config/routes.ts)');
    const scripts = (group.assets ?? []).map((a) => a.name).filter((n) => n.endsWith('.js'));
    assert.equal(scripts.length, 2, `viewer chunk group: ${scripts.join(', ')}`);
  });

  it('sets the chunk load timeout to 120 s and the chunk base path to ./', () => {
    const output = stats.compilation.outputOptions;
    assert.equal(output.chunkLoadTimeout, 120_000);
    assert.equal(output.publicPath, './');
  });

  it('relocates to another base by index.html settings only, deep links included', async () => {
    const server = await startPreviewServer({ port: 0, basePath: '/elsewhere/', distDir });
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
    } finally {
      await session.close();
      await server.close();
    }
  });
});
