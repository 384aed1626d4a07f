/**
 * Handing the signatures to the host (issue 6, `Finish`): a `folio:signed` CustomEvent on the
 * window (for a host that runs Folio in its own page) and a postMessage to the embedding window.
 * The message goes only to the origin `index.html` names (`window.signTargetOrigin`): a signature
 * is personal data, and `'*'` would hand it to whatever page framed Folio.
 */
import type { PdfBox } from './geometry';

declare global {
  interface Window {
    /**
     * Folio: the origin `Finish` posts the signatures to when Folio is in a frame, e.g.
     * `'https://host.example'`; `'self'` for Folio's own origin. Unset: no message is posted.
     */
    signTargetOrigin?: string;
  }
}

export const SIGNED_EVENT = 'folio:signed';
export const SIGNED_MESSAGE_TYPE = 'folio:signed';

export interface Placement extends PdfBox {
  /** 1-based page. */
  page: number;
  /** This placement's PNG, when it differs from the payload's `image`. */
  image?: string;
}

export interface SignedPayload {
  docId: string;
  /** In PDF points, the page's user space (lower-left origin, the CropBox's offset included). */
  placements: Placement[];
  /** The signature's PNG (`data:image/png;base64,…`): the one the reader confirmed last. */
  image: string;
}

/** The configured target origin, normalised; undefined when there is none or it is not one. */
export function signTargetOrigin(
  value: unknown = (globalThis as { signTargetOrigin?: unknown }).signTargetOrigin,
  own: string = globalThis.location.origin,
): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || value.trim() === '*') return undefined;
  if (value.trim() === 'self') return own;
  try {
    const { origin } = new URL(value.trim());
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Fires the DOM event and, when framed and configured, posts the message. */
export function handOver(payload: SignedPayload, win: Window = window): 'posted' | 'event' {
  win.dispatchEvent(new CustomEvent(SIGNED_EVENT, { detail: payload }));
  const origin = signTargetOrigin(win.signTargetOrigin, win.location.origin);
  if (origin === undefined || win.parent === win) return 'event';
  win.parent.postMessage({ type: SIGNED_MESSAGE_TYPE, ...payload }, origin);
  return 'posted';
}
