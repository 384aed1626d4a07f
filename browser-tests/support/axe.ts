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
  // An endless one (a progress bar's shimmer, a spinner) never ends: its colours at rest are
  // those of any moment.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
      }),
  );
}

/** A rule left out of one audit, and why: the reason is printed with the states it skipped. */
export interface RuleOff {
  rule: string;
  reason: string;
}

/**
 * `document-title` (WCAG 2.4.2) where no document is shown: the user's specification (SPEC §2,
 * docs/contracts.md §1) fixes the default page title as empty, and only a loaded document's
 * title replaces it (docs/decisions/2026-11-26-accessibility.md). Everywhere a document is
 * shown the rule runs.
 */
export const TITLE_EMPTY_BY_SPEC: RuleOff = {
  rule: 'document-title',
  reason: 'SPEC §2: the default page title is empty until a document has loaded',
};

/** Runs axe over the whole page as it is now; gives its violations, tagged with `state`. */
export async function audit(page: Page, state: string, off: RuleOff[] = []): Promise<Violation[]> {
  await settle(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    resultTypes: ['violations'],
    rules: Object.fromEntries(off.map(({ rule }) => [rule, { enabled: false }])),
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
            // Each node with axe's reason (the colours and ratio, for a contrast failure).
            targets: nodes.map((node) => {
              const why = [...node.any, ...node.all, ...node.none].map((c) => c.message);
              return `${node.target.join(' ')} [${why.join('; ').slice(0, 200)}]`;
            }),
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
