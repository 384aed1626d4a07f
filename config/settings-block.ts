/**
 * The global settings `index.html` carries (DESIGN.md §2): the one inline script of the page.
 * Build and servers both write it through here, so relocating a build means rewriting this block only.
 */
export interface HtmlSettings {
  routerBase: string;
  previewApi?: string;
  /**
   * Where `Finish` posts the signatures when Folio is framed (issue 6): an origin such as
   * `https://host.example`, or `self`. Left out, nothing is posted (never `*`).
   */
  signTargetOrigin?: string;
}

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

const KEYS = ['routerBase', 'previewApi', 'signTargetOrigin'] as const;

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

/**
 * The settings a server's environment gives (`PREVIEW_API`, `SIGN_TARGET_ORIGIN`), checked: a
 * bad value throws with the variable's name, so a server refuses to start rather than serve it.
 */
export function settingsFromEnv(
  env: Partial<Record<string, string>>,
): Pick<HtmlSettings, 'previewApi' | 'signTargetOrigin'> {
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };
  const settings: Pick<HtmlSettings, 'previewApi' | 'signTargetOrigin'> = {};
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
  const target = value('SIGN_TARGET_ORIGIN');
  if (target !== undefined) {
    const url = URL.parse(target);
    const origin = url !== null && /^https?:$/.test(url.protocol) ? url.origin : undefined;
    if (target !== 'self' && origin !== target) {
      throw new Error(
        `SIGN_TARGET_ORIGIN must be 'self' or an origin such as https://host.example (never *), not "${target}"`,
      );
    }
    settings.signTargetOrigin = target;
  }
  return settings;
}

/** `BASE_PATH` normalised to start and end with a slash. */
export function normaliseBase(base: string | undefined): string {
  const trimmed = (base ?? '/').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}
