import type { OutlineItem } from '../../domain/document';

/** The PDF's own outline as read from the engine's document (undefined items: it could not be). */
export interface ReadOutline {
  engine: number;
  items?: readonly OutlineItem[];
}

/**
 * The `viewer` model's state: what pdf.js's engine on screen has done, as the session reports it
 * (services/pdf/session.ts). The engine itself is never in the store; the doc model keeps the
 * view the reader asked for (zoom, rotation, page), this one what pdf.js has made of it.
 */
export interface ViewerState {
  /** The engine on screen, by the session's count (from 1); 0 while there is none. */
  engine: number;
  /** This engine has laid its pages out (pdf.js's `pagesinit`): the placeholders may go. */
  laidOut: boolean;
  /** Pages with a facility preview that this engine has drawn: their previews step aside. */
  drawn: readonly number[];
  /** Bumps as pages are sized, drawn or turned: what reads the page elements reads them again. */
  renders: number;
  /**
   * One page at a time (pdf.js's page scroll mode): on phones when `isVertical` is false
   * (contracts §5b); the page view says which, it knows the screen.
   */
  onePage: boolean;
  /** The PDF's outline, once the outline panel has asked for it (when the facility gave none). */
  outline?: ReadOutline;
}

export const initialViewerState: ViewerState = {
  engine: 0,
  laidOut: false,
  drawn: [],
  renders: 0,
  onePage: false,
};
