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

export function settingsScript(settings: HtmlSettings): string {
  const lines = [`window.routerBase = ${JSON.stringify(settings.routerBase)};`];
  if (settings.previewApi !== undefined) {
    lines.push(`window.previewApi = ${JSON.stringify(settings.previewApi)};`);
  }
  if (settings.signTargetOrigin !== undefined) {
    lines.push(`window.signTargetOrigin = ${JSON.stringify(settings.signTargetOrigin)};`);
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

/** `BASE_PATH` normalised to start and end with a slash. */
export function normaliseBase(base: string | undefined): string {
  const trimmed = (base ?? '/').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}
