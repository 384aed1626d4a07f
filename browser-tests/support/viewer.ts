import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const BASE_URL = process.env.FOLIO_URL ?? 'http://127.0.0.1:8000/viewer/';
export const OUT_DIR = path.join(import.meta.dirname, '..', '.out');

export interface ViewerSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
  close(): Promise<void>;
}

/** A fresh context and page that records every console error and uncaught exception. */
export async function newSession(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<ViewerSession> {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    problems.push(`uncaught: ${error.message}`);
  });
  return { context, page, problems, close: () => context.close() };
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
