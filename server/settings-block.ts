/**
 * The global settings `index.html` carries (contracts §2): the one inline script of the page.
 * Build and servers both write it through here, so relocating a build means rewriting this block only.
 */
import { isLiteralOrigin } from './origin.ts';

export interface HtmlSettings {
  routerBase: string;
  previewApi?: string;
  /**
   * The host page that frames Folio (docs/embedding.md): an origin such as `https://host.example`,
   * or `self`. Events are posted to it, commands taken from it, and it alone may frame Folio (CSP
   * frame-ancestors). Left out, no message either way (never `*`).
   */
  hostOrigin?: string;
  /** The older name of `hostOrigin` (behaviour.md, "Signatures": where `Finish` posts), read when it is not set. */
  signTargetOrigin?: string;
}

/** What a server's environment may set in the block. */
export type EnvSettings = Pick<HtmlSettings, 'previewApi' | 'hostOrigin' | 'signTargetOrigin'>;

const BLOCK = /<script id="folio-settings">[\s\S]*?<\/script>/;

/** A JS string literal that cannot end the script element it stands in (`<` escaped). */
function literal(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function settingsScript(settings: HtmlSettings): string {
  const lines = [`window.routerBase = ${literal(settings.routerBase)};`];
  if (settings.previewApi !== undefined) {
    lines.push(`window.previewApi = ${literal(settings.previewApi)};`);
  }
  if (settings.hostOrigin !== undefined) {
    lines.push(`window.hostOrigin = ${literal(settings.hostOrigin)};`);
  }
  if (settings.signTargetOrigin !== undefined) {
    lines.push(`window.signTargetOrigin = ${literal(settings.signTargetOrigin)};`);
  }
  return lines.join(' ');
}

export function settingsBlock(settings: HtmlSettings): string {
  return `<script id="folio-settings">${settingsScript(settings)}</script>`;
}

/** Replaces the settings block of a built `index.html`; throws when the page has none. */
export function injectSettings(html: string, settings: HtmlSettings): string {
  if (!BLOCK.test(html)) throw new Error('index.html has no <script id="folio-settings"> block');
  return html.replace(BLOCK, settingsBlock(settings));
}

const KEYS = ['routerBase', 'previewApi', 'hostOrigin', 'signTargetOrigin'] as const;

/** `window.<key> = <a string literal or anything up to the end of the statement>;` */
function assignment(key: string): RegExp {
  return new RegExp(
    String.raw`window\.${key}\s*=\s*(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[^;\n<]*)\s*;?`,
  );
}

/**
 * Sets the given settings in a built `index.html`'s block and keeps everything else a deployer
 * wrote there (other settings, comments): a server owns the router base (and what its environment
 * sets), never the whole block. Throws when the page has no block.
 */
export function updateSettings(html: string, settings: Partial<HtmlSettings>): string {
  const block = BLOCK.exec(html)?.[0];
  if (block === undefined) {
    throw new Error('index.html has no <script id="folio-settings"> block');
  }
  let body = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
  for (const key of KEYS) {
    const value = settings[key];
    if (value === undefined) continue;
    const line = `window.${key} = ${literal(value)};`;
    body = assignment(key).test(body)
      ? body.replace(assignment(key), () => line)
      : `${line} ${body}`;
  }
  // Replacer functions, here and above: a `$` in a value is never read as a pattern.
  return html.replace(BLOCK, () => `<script id="folio-settings">${body}</script>`);
}

/** An origin setting as a deployer writes it: `self` or `http(s)://host[:port]` (origin.ts). */
function originFromEnv(name: string, value: string): string {
  if (value !== 'self' && !isLiteralOrigin(value)) {
    throw new Error(
      `${name} must be 'self' or an origin such as https://host.example (a literal host: no *, ;, comma, space or quote), not "${value}"`,
    );
  }
  return value;
}

/**
 * The settings a server's environment gives (`PREVIEW_API`, `HOST_ORIGIN`, `SIGN_TARGET_ORIGIN`),
 * checked: a bad value throws with the variable's name, so a server refuses to start rather than
 * serve it.
 */
export function settingsFromEnv(env: Partial<Record<string, string>>): EnvSettings {
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };
  const settings: EnvSettings = {};
  const previewApi = value('PREVIEW_API');
  if (previewApi !== undefined) {
    const url = URL.parse(previewApi);
    const web = url !== null && (url.protocol === 'https:' || url.protocol === 'http:');
    if (!web && !previewApi.startsWith('/')) {
      throw new Error(
        `PREVIEW_API must be an http(s) URL or a path starting with /, not "${previewApi}"`,
      );
    }
    settings.previewApi = previewApi.endsWith('/') ? previewApi : `${previewApi}/`;
  }
  const host = value('HOST_ORIGIN');
  if (host !== undefined) settings.hostOrigin = originFromEnv('HOST_ORIGIN', host);
  const target = value('SIGN_TARGET_ORIGIN');
  if (target !== undefined) settings.signTargetOrigin = originFromEnv('SIGN_TARGET_ORIGIN', target);
  return settings;
}

/** `BASE_PATH` normalised to start and end with a slash. */
export function normaliseBase(base: string | undefined): string {
  const trimmed = (base ?? '/').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}
