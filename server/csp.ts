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
 *     (default: the settings' `hostOrigin` and 'self', else `*`: Folio is made to be embedded; only
 *     'self' when the page sets it in a way that cannot be read with certainty, page-settings.ts).
 *     `delivery: 'meta'` leaves out what a `<meta>` cannot carry (frame-ancestors).
 *   withCspMeta(html, options?): string
 *     `html` with its `<meta http-equiv="Content-Security-Policy">` written (or rewritten) from its
 *     current inline scripts; call it after every edit of the settings block.
 *   inlineScriptHashes(html): string[]   the `'sha256-…'` sources of its inline scripts.
 *   policyDirectives(policy): Map<directive, sources[]>, to check a policy.
 *   cspOptionsFromEnv(env): the deployer's `CSP_CONNECT_SRC` and `CSP_FRAME_ANCESTORS` (space-
 *     separated origins, or 'self' / 'none'; `*` for frame-ancestors), which every Folio server
 *     passes on; anything else throws, so a server does not start with a policy it cannot mean.
 *   uncertainHostOrigin(html): why the page's hostOrigin cannot be read, if it cannot.
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
import { isLiteralOrigin } from './origin.ts';
import { inlineScripts, readSetting } from './page-settings.ts';

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
  const list = (name: string, keywords: readonly string[]) => {
    const value = env[name];
    if (value === undefined || value.trim() === '') return undefined;
    const sources = value.trim().split(/\s+/);
    for (const source of sources) {
      if (!keywords.includes(source) && !isLiteralOrigin(source)) {
        throw new Error(
          `${name}: "${source}" is not an origin (https://host.example[:port]) nor one of ${keywords.join(' ')}`,
        );
      }
    }
    return sources;
  };
  const connectSrc = list('CSP_CONNECT_SRC', ["'self'"]);
  const frameAncestors = list('CSP_FRAME_ANCESTORS', ["'self'", "'none'", '*']);
  return {
    ...(connectSrc && { connectSrc }),
    ...(frameAncestors && { frameAncestors }),
  };
}

const META = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>\s*/i;

/** The `'sha256-…'` source of each inline (no `src`) script of `html`, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = inlineScripts(html).map((body) => {
    // The browser hashes the text after its newline normalisation (HTML input preprocessing).
    const text = body.replace(/\r\n?/g, '\n');
    return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  });
  return [...new Set(hashes)];
}

/** The string the page sets as `window.<key>`, when it sets one with certainty. */
function setting(html: string, key: string): string | undefined {
  const reading = readSetting(html, key);
  return reading.kind === 'value' ? reading.value : undefined;
}

const HOST_KEYS = ['hostOrigin', 'signTargetOrigin'] as const;

/** Why the page's host origin cannot be read with certainty; undefined when it can. */
export function uncertainHostOrigin(html: string): string | undefined {
  for (const key of HOST_KEYS) {
    const reading = readSetting(html, key);
    if (reading.kind === 'uncertain') return reading.why;
  }
  return undefined;
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
 * `signTargetOrigin`) and Folio itself; anyone (`*`) when it certainly names none; Folio alone
 * when what it names cannot be read with certainty.
 */
export function hostFrameAncestors(html: string): string[] {
  if (uncertainHostOrigin(html) !== undefined) return ["'self'"];
  const value = setting(html, 'hostOrigin') ?? setting(html, 'signTargetOrigin');
  if (value === undefined) return ['*'];
  const origin = webOrigin(value);
  // 'self', or a value that is no literal web origin (`https://*` written by hand): Folio alone.
  return origin !== undefined && isLiteralOrigin(origin) ? ["'self'", origin] : ["'self'"];
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
    // The player's audio or video and its captions, read from the facility by ranges.
    ['media-src', "'self'", ...(facility === undefined ? [] : [facility])],
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
