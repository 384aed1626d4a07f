/**
 * axe-core in the page under test (docs/decisions/2026-11-26-accessibility.md): its script
 * is evaluated through the DevTools protocol, not added as a <script> element, so the page's CSP
 * (which the suite checks) neither blocks it nor is loosened for it. WCAG 2.0 and 2.1, A and AA.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One rule's failures in one audited state, as a line a reader can act on. */
export interface Violation {
  state: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits until the page is at rest: no CSS animation or transition running (a dialog half faded in
 * has colours it never shows at rest), then two frames.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
      }),
  );
}

/** Runs axe over the whole page as it is now; gives its violations, tagged with `state`. */
export async function audit(page: Page, state: string): Promise<Violation[]> {
  await settle(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    resultTypes: ['violations'],
  };
  const results = await page.evaluate(
    (given) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe
        .run(document, given)
        .then(({ violations }) =>
          violations.map(({ id, impact, help, nodes }) => ({
            id,
            impact: impact ?? '',
            help,
            targets: nodes.map((node) => node.target.join(' ')),
          })),
        ),
    options,
  );
  return results.map(({ id, impact, help, targets }) => ({
    state,
    rule: id,
    impact,
    help,
    targets,
  }));
}
