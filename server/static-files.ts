/**
 * How the built `dist/` is served by the one server (server/app.ts, for `npm run preview` and
 * `npm run serve`): which files may be cached for ever, and which requests get index.html.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentSecurityPolicy, withCspMeta } from './csp.ts';
import type { CspOptions } from './csp.ts';
import { updateSettings } from './settings-block.ts';
import type { HtmlSettings } from './settings-block.ts';

/** A content hash before the extension (`main.3f9a1c2b.js`): such a file never changes. */
const HASHED = /\.[0-9a-f]{6,}\.[a-z0-9]+$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A precompressed sibling (`main.3f9a1c2b.js.br`) is cached as the file it encodes. */
const ENCODED = /\.(br|gz)$/;

/** Hashed assets for a year; everything else (index.html, unhashed files) revalidated each time. */
export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file).replace(ENCODED, '')) ? IMMUTABLE : 'no-cache';
}

/**
 * A request the app's router should answer: a navigation (the browser asks for HTML) or a path
 * whose last segment has no extension. A missing `*.js` chunk stays a 404, so the viewer's
 * chunk-load error and Retry see a real failure instead of HTML.
 */
export function wantsPage(accept: string | undefined, pathname: string): boolean {
  if ((accept ?? '').includes('text/html')) return true;
  return path.posix.extname(pathname) === '';
}

/** index.html as served, and the Content-Security-Policy header that goes with it. */
export interface ServedIndex {
  html: string;
  policy: string;
}

/**
 * The built index.html with the server's settings set in its block — the router base (what makes
 * one build relocatable) and what the environment gives — and every other setting kept as the
 * deployer wrote it; its CSP meta is rewritten to match and the header policy follows the same page.
 */
export async function servedIndex(
  indexFile: string,
  settings: Partial<HtmlSettings> & Pick<HtmlSettings, 'routerBase'>,
  cspOptions: Omit<CspOptions, 'html' | 'delivery'>,
): Promise<ServedIndex> {
  const settled = updateSettings(await readFile(indexFile, 'utf8'), settings);
  const html = withCspMeta(settled, cspOptions);
  return { html, policy: contentSecurityPolicy({ html, ...cspOptions }) };
}
