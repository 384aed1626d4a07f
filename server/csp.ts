/**
 * Folio's Content-Security-Policy (docs/deploying.md, "Content-Security-Policy", contracts §6), built in one place for every server and
 * for the build's `<meta>`:
 *
 *   contentSecurityPolicy({ html, connectSrc?, frameAncestors?, delivery? }): string
 *     The policy for `html`, the index.html EXACTLY as it is served (after any settings rewrite):
 *     script-src carries the sha256 of each of its inline scripts (the settings block and the boot
 *     loader), so a deployer who edits the settings still gets a matching policy from our servers.
 *     `connectSrc`: more origins the app may fetch from (a content host); the origin of an absolute
 *     `window.previewApi` in `html` is added by itself. `frameAncestors`: who may frame Folio
 *     (default: the settings' `hostOrigin` and 'self', else `*`: Folio is made to be embedded).
 *     `delivery: 'meta'` leaves out what a `<meta>` cannot carry (frame-ancestors).
 *   withCspMeta(html, options?): string
 *     `html` with its `<meta http-equiv="Content-Security-Policy">` written (or rewritten) from its
 *     current inline scripts; call it after every edit of the settings block.
 *   inlineScriptHashes(html): string[]   the `'sha256-…'` sources of its inline scripts.
 *   policyDirectives(policy): Map<directive, sources[]>, to check a policy.
 *   cspOptionsFromEnv(env): the deployer's `CSP_CONNECT_SRC` and `CSP_FRAME_ANCESTORS` (space-
 *     separated sources), which every Folio server passes on.
 *
 * `npm run csp -- dist/index.html` rewrites a file's meta after its settings block was edited by
 * hand, and prints the header a static host should send with it.
 *
 * Why each source is there: docs/deploying.md, "Content-Security-Policy".
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const CSP_HEADER = 'Content-Security-Policy';

export interface CspOptions {
  /** index.html exactly as it is served: the policy allows its inline scripts, no others. */
  html: string;
  /** Origins beyond 'self' (and the facility's) that scripts may fetch from, e.g. a content host. */
  connectSrc?: readonly string[];
  /**
   * `frame-ancestors` sources; default: the host `html`'s settings name and Folio itself, or `*`
   * (any site may embed Folio) when they name none.
   */
  frameAncestors?: readonly string[];
  /** `'meta'` omits frame-ancestors, which browsers ignore (with a console error) in a `<meta>`. */
  delivery?: 'header' | 'meta';
}

/** `connectSrc` and `frameAncestors` from the environment; unset or blank leaves the default. */
export function cspOptionsFromEnv(
  env: Partial<Record<string, string>> = process.env,
): Pick<CspOptions, 'connectSrc' | 'frameAncestors'> {
  const list = (value: string | undefined) =>
    value === undefined || value.trim() === '' ? undefined : value.trim().split(/\s+/);
  const connectSrc = list(env.CSP_CONNECT_SRC);
  const frameAncestors = list(env.CSP_FRAME_ANCESTORS);
  return {
    ...(connectSrc && { connectSrc }),
    ...(frameAncestors && { frameAncestors }),
  };
}

const COMMENT = /<!--[\s\S]*?-->/g;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const META = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>\s*/i;

/** The `'sha256-…'` source of each inline (no `src`) script of `html`, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.replace(COMMENT, '').matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // The browser hashes the text after its newline normalisation (HTML input preprocessing).
    const text = body.replace(/\r\n?/g, '\n');
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** The string a settings block assigns to `window.<key>`, if it assigns one. */
function setting(html: string, key: string): string | undefined {
  return new RegExp(String.raw`window\.${key}\s*=\s*(["'])(.*?)\1`).exec(html)?.[2];
}

/** An http(s) URL's origin; none for anything else (a path, `self`, `*`). */
function webOrigin(value: string | undefined): string | undefined {
  const url = value === undefined ? null : URL.parse(value);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.origin : undefined;
}

/** The origin of an absolute `window.previewApi = '…'` in the settings block; none when relative. */
export function previewApiOrigin(html: string): string | undefined {
  return webOrigin(setting(html, 'previewApi'));
}

/**
 * Who may frame Folio by the settings block: the host it names (`window.hostOrigin`, else the older
 * `signTargetOrigin`) and Folio itself; anyone (`*`) when it names none.
 */
export function hostFrameAncestors(html: string): string[] {
  const value = setting(html, 'hostOrigin') ?? setting(html, 'signTargetOrigin');
  if (value === 'self') return ["'self'"];
  const origin = webOrigin(value);
  return origin === undefined ? ['*'] : ["'self'", origin];
}

export function contentSecurityPolicy(options: CspOptions): string {
  const facility = previewApiOrigin(options.html);
  const connect = ["'self'", ...(facility === undefined ? [] : [facility])];
  for (const origin of options.connectSrc ?? [])
    if (!connect.includes(origin)) connect.push(origin);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // pdf.js compiles wasm (JPX, JBIG2, ICC colour, PostScript functions) in its worker.
    ['script-src', "'self'", ...inlineScriptHashes(options.html), "'wasm-unsafe-eval'"],
    // The worker is a same-origin hashed file, which pdf.js starts directly (a blob: wrapper only
    // for a cross-origin worker URL).
    ['worker-src', "'self'"],
    // antd's CSS-in-JS inserts <style> elements at run time (and the dev build's style-loader).
    ['style-src', "'self'", "'unsafe-inline'"],
    // data: the favicon, the watermark's tile; blob: thumbnails and print pages.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', ...connect],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'none'"],
  ];
  if (options.delivery !== 'meta') {
    const ancestors = options.frameAncestors ?? hostFrameAncestors(options.html);
    directives.push(['frame-ancestors', ...(ancestors.length === 0 ? ["'none'"] : ancestors)]);
  }
  return directives.map((sources) => sources.join(' ')).join('; ');
}

/** A policy's directives by name, each with its sources (for checks and tests). */
export function policyDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/**
 * `html` with a CSP `<meta>` for its current inline scripts, first in `<head>` after the charset
 * (a meta policy only governs what follows it). Replaces an existing one.
 */
export function withCspMeta(
  html: string,
  options: Omit<CspOptions, 'html' | 'delivery'> = {},
): string {
  const bare = html.replace(META, '');
  const policy = contentSecurityPolicy({ ...options, html: bare, delivery: 'meta' });
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" />`;
  const charset = /<meta\s+charset=[^>]*>\s*/i.exec(bare);
  const head = /<head\b[^>]*>\s*/i.exec(bare);
  const anchor = charset ?? head;
  if (!anchor) throw new Error('index.html has no <head>');
  const at = anchor.index + anchor[0].length;
  const indent = /\n([ \t]*)$/.exec(anchor[0])?.[1] ?? '';
  return `${bare.slice(0, at)}${meta}\n${indent}${bare.slice(at)}`;
}

/** Run as a script? Not import.meta.main: package.json's engines allow Node 22.13, which lacks it. */
function isMainModule(): boolean {
  const entry = process.argv.at(1);
  try {
    return entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url);
  } catch {
    return false; // argv[1] is not a file (node -e, a REPL)
  }
}

if (isMainModule()) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: npm run csp -- <index.html>…');
    process.exitCode = 2;
  }
  const options = cspOptionsFromEnv();
  for (const file of files) {
    const html = withCspMeta(readFileSync(file, 'utf8'), options);
    writeFileSync(file, html);
    console.log(`${file}: meta rewritten. The header to send with it:`);
    console.log(`${CSP_HEADER}: ${contentSecurityPolicy({ html, ...options })}`);
  }
}
