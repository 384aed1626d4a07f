/**
 * The channel to the host system that embeds Folio (docs/embedding.md): events out, commands in,
 * both only with the one origin `index.html` names. Never `'*'`: an event can carry personal data
 * (a signature), and a command from any page that frames Folio must not steer it.
 */
import { isUsableToken } from '../../url';
import type { FolioCommand, FolioEvent } from './protocol';

declare global {
  interface Window {
    /**
     * Folio: the origin of the host page that frames Folio, e.g. `'https://host.example'`; `'self'`
     * for Folio's own origin. Events are posted to it and commands accepted from it only. Unset:
     * no message either way (window events still fire).
     */
    hostOrigin?: string;
    /** Folio: the older name of `hostOrigin`, read when `hostOrigin` is not set. */
    signTargetOrigin?: string;
  }
}

export const PROTOCOL_VERSION = 1;

/** An origin setting, normalised; undefined when there is none or it is not one (`'*'` included). */
export function originSetting(value: unknown, own: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '' || text === '*') return undefined;
  if (text === 'self') return own;
  const origin = URL.parse(text)?.origin;
  return origin === undefined || origin === 'null' ? undefined : origin;
}

/** The configured host's origin, or undefined when messages are off. */
export function hostOrigin(win: Window = window): string | undefined {
  const value = win.hostOrigin ?? win.signTargetOrigin;
  return originSetting(value, win.location.origin);
}

/**
 * Fires the event on Folio's window and, when framed and configured, posts it to the host.
 * Without a window (the models run in Node's tests too) there is no one to tell.
 */
export function emitToHost(
  event: FolioEvent,
  win: Window | undefined = (globalThis as { window?: Window }).window,
): 'posted' | 'event' | 'none' {
  if (win === undefined) return 'none';
  win.dispatchEvent(new CustomEvent(event.type, { detail: event }));
  const origin = hostOrigin(win);
  if (origin === undefined || win.parent === win) return 'event';
  win.parent.postMessage(event, origin);
  return 'posted';
}

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A well-formed command, or undefined for anything else (which is ignored). */
export function parseCommand(data: unknown): FolioCommand | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case 'folio:goToPage':
      return finite(message.page) ? { type: message.type, page: message.page } : undefined;
    case 'folio:setZoom':
      return finite(message.zoom) && message.zoom > 0
        ? { type: message.type, zoom: message.zoom }
        : undefined;
    case 'folio:search':
      return typeof message.query === 'string'
        ? { type: message.type, query: message.query }
        : undefined;
    case 'folio:openSignaturePad':
      return { type: message.type };
    case 'folio:setToken':
      return isUsableToken(message.token)
        ? { type: message.type, token: message.token }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * Hands each command from the configured host (the window framing Folio, at that origin) to
 * `onCommand`; everything else is ignored. Returns the unlistener.
 */
export function listenToHost(
  onCommand: (command: FolioCommand) => void,
  win: Window = window,
): () => void {
  const listener = (event: MessageEvent) => {
    const origin = hostOrigin(win);
    if (origin === undefined || win.parent === win) return;
    if (event.origin !== origin || event.source !== win.parent) return;
    const command = parseCommand(event.data);
    if (command) onCommand(command);
  };
  win.addEventListener('message', listener);
  return () => {
    win.removeEventListener('message', listener);
  };
}
