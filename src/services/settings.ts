/**
 * The global settings `index.html` sets before any script runs (contracts §2), read at runtime so
 * that one build can be moved to another base path or facility by editing only that block.
 */
import { DEFAULT_TIMEOUT_MS } from './request';

declare global {
  interface Window {
    /** The app's base path; default '/'. */
    routerBase?: string;
    /** The preview facility's base URL (absolute or relative to the page); default `<routerBase>api/`. */
    previewApi?: string;
    /** Folio: per-request timeout for the facility in ms; default 15 000 (a slow facility can raise it). */
    previewTimeoutMs?: number;
  }
}

export interface Settings {
  /** Starts and ends with '/'. */
  routerBase: string;
  /** Ends with '/', so that relative facility paths resolve beneath it. */
  previewApi: string;
  previewTimeoutMs: number;
}

/** What is read: the window in a browser; any object carrying the same globals elsewhere. */
export interface SettingsSource {
  routerBase?: unknown;
  previewApi?: unknown;
  previewTimeoutMs?: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** '/', 'viewer', '/viewer//' → '/', '/viewer/', '/viewer/'. */
export function normaliseRouterBase(value: unknown): string {
  const inner = (text(value) ?? '/').replace(/^\/+|\/+$/g, '');
  return inner === '' ? '/' : `/${inner}/`;
}

export function normalisePreviewApi(value: unknown, routerBase: string): string {
  const given = text(value) ?? `${routerBase}api/`;
  return given.endsWith('/') ? given : `${given}/`;
}

/**
 * The settings, defaulted and normalised. The default source is `globalThis`, which is `window`
 * in a page and still exists where there is no window (Node tests, workers).
 */
export function readSettings(win: SettingsSource = globalThis as SettingsSource): Settings {
  const routerBase = normaliseRouterBase(win.routerBase);
  const timeout = win.previewTimeoutMs;
  return {
    routerBase,
    previewApi: normalisePreviewApi(win.previewApi, routerBase),
    previewTimeoutMs:
      typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0
        ? timeout
        : DEFAULT_TIMEOUT_MS,
  };
}
