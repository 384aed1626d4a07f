import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from 'playwright-core';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const BASE_URL = process.env.FOLIO_URL ?? 'http://127.0.0.1:8000/viewer/';
/** A phone as the tests hold one: 390 × 844 CSS pixels at 3×, touch. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 3,
} as const;

export const OUT_DIR = path.join(import.meta.dirname, '..', '.out');
/**
 * One JSON line per CSP violation seen in any session; run.ts names one file per run (runs by
 * several people share .out/) in FOLIO_CSP_LOG and fails the run when it has any.
 */
export const CSP_VIOLATIONS_FILE =
  process.env.FOLIO_CSP_LOG ?? path.join(OUT_DIR, 'csp-violations.jsonl');

export interface CspViolation {
  /** The violated directive (`script-src-elem`), or the console's words for it. */
  directive: string;
  blockedUri: string;
  sourceFile: string;
  /** The page (or worker) the violation happened in. */
  page: string;
  /** The test file that saw it. */
  test: string;
  /** `event`: the page's securitypolicyviolation; `console`: a page's or a worker's console. */
  via: 'event' | 'console';
}

/** What the page's listener hands over (see watchCsp). */
interface ViolationEvent {
  directive: string;
  blockedUri: string;
  sourceFile: string;
  line: number;
}

// Chromium's own words ("… violates the following Content Security Policy directive …",
// "Refused to …"), and pdf.js's warning when its worker may not compile wasm: a worker's
// violations never reach the page's securitypolicyviolation event, only the console.
const CSP_CONSOLE = /Content Security Policy|^Refused to /i;

/**
 * Hands every CSP violation in the context's pages (the securitypolicyviolation event, installed
 * before any page script runs) and in their workers (console messages) to `record`.
 */
export async function watchCsp(
  context: BrowserContext,
  record: (violation: CspViolation) => void,
): Promise<void> {
  const test = path.basename(process.argv[1] ?? '');
  await context.exposeBinding('__folioCspViolation', ({ frame }, event: ViolationEvent) => {
    const { directive, blockedUri, sourceFile, line } = event;
    const source = sourceFile === '' ? '' : `${sourceFile}:${String(line)}`;
    record({ directive, blockedUri, sourceFile: source, page: frame.url(), test, via: 'event' });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const { __folioCspViolation: report } = window as unknown as {
        __folioCspViolation?: (violation: ViolationEvent) => void;
      };
      report?.({
        directive: event.effectiveDirective,
        blockedUri: event.blockedURI,
        sourceFile: event.sourceFile,
        line: event.lineNumber,
      });
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (!CSP_CONSOLE.test(text)) return;
    const { url, lineNumber } = message.location();
    record({
      directive: text.slice(0, 300),
      blockedUri: '',
      sourceFile: url === '' ? '' : `${url}:${String(lineNumber)}`,
      page: message.worker()?.url() ?? message.page()?.url() ?? '',
      test,
      via: 'console',
    });
  });
}

function appendViolation(violation: CspViolation): void {
  mkdirSync(OUT_DIR, { recursive: true });
  appendFileSync(CSP_VIOLATIONS_FILE, `${JSON.stringify(violation)}\n`);
}

export interface ViewerSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
  /** CSP violations seen so far (also written to CSP_VIOLATIONS_FILE unless expected). */
  violations: CspViolation[];
  close(): Promise<void>;
}

/**
 * A fresh context and page that records every console error, uncaught exception and CSP violation.
 * `expectViolations` keeps this session's violations out of the run's record (csp.test.ts).
 */
export async function newSession(
  browser: Browser,
  options: BrowserContextOptions = {},
  { expectViolations = false } = {},
): Promise<ViewerSession> {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  const violations: CspViolation[] = [];
  await watchCsp(context, (violation) => {
    violations.push(violation);
    if (!expectViolations) appendViolation(violation);
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // No PDF is asked for before the facility's answer says the view is pages, so a document
    // converting, read view only or with no PDF makes no failed request for one
    // (docs/decisions/2026-12-06-boot-before-the-app.md). The resource's URL names which failed.
    const where = message.location().url;
    problems.push(`console: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => {
    problems.push(`uncaught: ${error.message}`);
  });
  return { context, page, problems, violations, close: () => context.close() };
}

/**
 * The page 100 ms from the server from now on (bandwidth unlimited). Near the server the viewer
 * asks for no preview that is still to be drawn (docs/decisions/2026-11-28-near-cold-preview.md):
 * a first view that is to show one is opened from afar.
 */
export async function farFromTheServer(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** A URL under the viewer's base: `viewerUrl('a/b?doc=x')`. */
export function viewerUrl(rest = ''): string {
  return new URL(rest, BASE_URL).toString();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Chooses a radio button in a dialog that may still be opening: under load, antd's opening motion
 * can swallow the first click (Playwright's check() then fails), so it clicks until chosen.
 */
export async function chooseRadio(radio: Locator): Promise<void> {
  for (let attempt = 1; !(await radio.isChecked()); attempt += 1) {
    if (attempt > 5) throw new Error('the radio button could not be chosen');
    await radio.click();
  }
}
