// The Content-Security-Policy (docs/deploying.md, "Content-Security-Policy") on the dev server: the header and the meta agree with the
// page's inline scripts; an injected script and eval are refused AND seen by the violation
// watcher every session runs (so a clean run means something); a violation in pdf.js's worker is
// seen too; and a page that needs pdf.js's wasm (a JPEG 2000 image, a PostScript function) paints
// with no violation at all.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { contentSecurityPolicy, policyDirectives as directives } from '../server/csp.ts';
import { launchChromium } from './support/chromium.ts';
import { WASM_PDF } from './support/docs.ts';
import { waitForPainted } from './support/pixels.ts';
import { BASE_URL, newSession, screenshot, viewerUrl } from './support/viewer.ts';
import type { CspViolation, ViewerSession } from './support/viewer.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

/** Polls until `accept` holds for the recorded violations: the watcher's binding is async. */
async function violationsWhere(
  session: ViewerSession,
  accept: (all: CspViolation[]) => boolean,
): Promise<CspViolation[]> {
  const deadline = Date.now() + 10_000;
  while (!accept(session.violations)) {
    if (Date.now() > deadline) {
      assert.fail(`violations seen: ${JSON.stringify(session.violations, null, 1)}`);
    }
    await session.page.waitForTimeout(100);
  }
  return session.violations;
}

/** The RGB of the page canvas's pixel at a fraction of its width and height. */
function canvasPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ([fx, fy]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-page-number="1"] canvas');
      const context = canvas?.getContext('2d', { willReadFrequently: true });
      if (!canvas || !context) return [];
      const at = context.getImageData(
        Math.floor(canvas.width * fx),
        Math.floor(canvas.height * fy),
        1,
        1,
      ).data;
      return [at[0], at[1], at[2]];
    },
    [x, y],
  );
}

describe('Content-Security-Policy', () => {
  it('index.html carries the policy as header and meta: no eval, wasm and a same-origin worker', async () => {
    const response = await fetch(viewerUrl('a/b?doc=tracemonkey.pdf'), {
      headers: { Accept: 'text/html' },
    });
    const html = await response.text();
    const header = response.headers.get('content-security-policy') ?? '';
    const policy = directives(header);
    const scripts = policy.get('script-src') ?? [];
    assert.ok(!header.includes("'unsafe-eval'"), header);
    assert.ok(!scripts.includes("'unsafe-inline'"), header);
    assert.ok(scripts.includes("'wasm-unsafe-eval'"), header);
    // The settings block, the boot loader and the first frame.
    assert.equal(scripts.filter((source) => source.startsWith("'sha256-")).length, 3, header);
    assert.deepEqual(policy.get('worker-src'), ["'self'"]);
    assert.deepEqual(policy.get('default-src'), ["'self'"]);
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    // The hashes are the served page's own, and the meta says the same (without frame-ancestors).
    assert.equal(header, contentSecurityPolicy({ html }));
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
    assert.equal(meta, contentSecurityPolicy({ html, delivery: 'meta' }));
  });

  it('refuses an injected inline script and eval, and the watcher reports both', async () => {
    const session = await newSession(browser, {}, { expectViolations: true });
    const { page } = session;
    try {
      await page.goto(viewerUrl('?doc=tracemonkey.pdf&lang=en'));
      await waitForPainted(page, 1);
      assert.deepEqual(session.violations, [], 'the app itself runs clean');
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true; alert(1)';
        document.body.append(script);
        // eval from a real event handler: DevTools' own evaluate is exempt from the policy.
        document.body.addEventListener('click', () => {
          try {
            Object.assign(window, { __evalResult: String(eval('6 * 7')) });
          } catch (error) {
            Object.assign(window, { __evalResult: String(error) });
          }
        });
      });
      await page.mouse.click(5, 300);
      const outcome = await page.evaluate(() => {
        const win = window as unknown as { __injected?: boolean; __evalResult?: string };
        return { injected: win.__injected ?? false, evalResult: win.__evalResult ?? '' };
      });
      assert.equal(outcome.injected, false);
      assert.match(outcome.evalResult, /EvalError/);
      const seen = await violationsWhere(
        session,
        (all) =>
          all.some((v) => v.directive === 'script-src-elem' && v.blockedUri === 'inline') &&
          all.some((v) => v.directive === 'script-src' && v.blockedUri === 'eval'),
      );
      assert.ok(seen.every((v) => v.page.startsWith(BASE_URL) && v.test === 'csp.test.ts'));
    } finally {
      await session.close();
    }
  });

  it('a violation inside pdf.js’s worker is reported too (its policy without wasm)', async () => {
    const session = await newSession(browser, {}, { expectViolations: true });
    const { context, page } = session;
    try {
      // The worker's policy is its own response's: serve it one that forbids wasm.
      await context.route(/pdf\.worker[^/]*\.mjs$/, async (route) => {
        const response = await route.fetch();
        const headers = response.headers();
        const policy = headers['content-security-policy'] ?? '';
        assert.ok(policy.includes("'wasm-unsafe-eval'"), 'the worker is served with the policy');
        headers['content-security-policy'] = policy.replace(" 'wasm-unsafe-eval'", '');
        await route.fulfill({ response, headers });
      });
      await page.goto(viewerUrl(`?doc=${WASM_PDF}&lang=en`));
      const seen = await violationsWhere(session, (all) =>
        all.some((v) => v.via === 'console' && v.directive.includes('WebAssembly')),
      );
      assert.ok(seen.some((v) => v.page.includes('pdf.worker')));
    } finally {
      await session.close();
    }
  });

  it('pdf.js’s wasm decoders paint a JPEG 2000 image and a PostScript shading, without violations', async () => {
    const session = await newSession(browser);
    const { context, page } = session;
    const loaded: string[] = [];
    context.on('response', (response) => {
      if (/\/wasm\/|pdf\.worker/.test(response.url())) {
        const csp = response.headers()['content-security-policy'] ?? '';
        loaded.push(
          `${String(response.status())} ${response.url()} ${csp.includes("'wasm-unsafe-eval'") ? 'csp' : 'no-csp'}`,
        );
      }
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/wasm/i.test(message.text())) warnings.push(message.text());
    });
    try {
      await page.goto(viewerUrl(`?doc=${WASM_PDF}&lang=en`));
      await waitForPainted(page, 1);
      const red = (rgb: number[]) => rgb[0] > 180 && rgb[1] < 80 && rgb[2] < 80;
      const deadline = Date.now() + 20_000;
      while (!red(await canvasPixel(page, 0.25, 0.25)) && Date.now() < deadline) {
        await page.waitForTimeout(100);
      }
      const [topLeft, topRight, bottomRight] = [
        await canvasPixel(page, 0.25, 0.25),
        await canvasPixel(page, 0.75, 0.25),
        await canvasPixel(page, 0.9, 0.75),
      ];
      await screenshot(page, 'csp-wasm');
      assert.ok(red(topLeft), `JPEG 2000, left half red: ${String(topLeft)}`);
      assert.ok(topRight[2] > 180 && topRight[0] < 80, `right half blue: ${String(topRight)}`);
      assert.ok(
        bottomRight[1] > 150 && bottomRight[0] < 60 && bottomRight[2] < 60,
        `PostScript shading, green on the right: ${String(bottomRight)}`,
      );
      assert.ok(
        loaded.some((line) => /^200 \S+\/wasm\/openjpeg\.wasm /.test(line)),
        loaded.join('\n'),
      );
      assert.ok(
        loaded.some((line) => /pdf\.worker\S+ csp$/.test(line)),
        `the worker has the policy: ${loaded.join('\n')}`,
      );
      assert.ok(!loaded.some((line) => line.includes('nowasm_fallback')), loaded.join('\n'));
      assert.deepEqual(warnings, [], 'pdf.js never fell back from wasm');
      assert.deepEqual(session.violations, []);
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });
});
