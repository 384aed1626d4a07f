/**
 * Folio ⇄ host messages, version 1 (docs/embedding.md). Types only: the build ships this file as
 * `folio-host.d.ts` for integrators, so it must stay valid as a declaration file (no values).
 *
 * Events (Folio → host) go out as a `CustomEvent` on Folio's window (its `detail` is the event) and,
 * when Folio is framed and `window.hostOrigin` names the host, as a `postMessage` to that origin.
 * Commands (host → Folio) are accepted only from that origin, from the window that frames Folio.
 */

/** Raised only for a change a host must handle differently; additions keep the version. */
export type FolioProtocolVersion = 1;

/** What every event carries. */
export interface FolioEnvelope<T extends string> {
  type: T;
  version: FolioProtocolVersion;
  /** The facility's id of the document shown (the viewer URL's `doc`). */
  docId: string;
}

/** The document is open: pdf.js has read it and knows its pages. */
export interface FolioOpenedEvent extends FolioEnvelope<'folio:opened'> {
  pageCount: number;
  /** The facility's title (text, never markup). */
  title: string;
  /** 1-based. */
  page: number;
  /** 1 = 100 %. */
  zoom: number;
}

/**
 * The document cannot be shown. `kind`: the facility's answer (`notFound`, `facility`, `timeout`,
 * `malformed`, `network`, `conversionFailed`, `converterMissing`), its document source's
 * (`sourceRefused`, `sourceTimeout`, `sourceUnavailable`), its refusal of the signed link
 * (`tokenMissing`, `tokenInvalid`, `tokenExpired`, `tokenOtherDocument`), or the PDF's own
 * download and reading (`invalid`, `unavailable`, `network`, `passwordCancelled`).
 */
export interface FolioFailedEvent extends FolioEnvelope<'folio:failed'> {
  kind: string;
  /** What the reader sees, in the reader's language. */
  message: string;
  /** The HTTP status, when the failure was an HTTP answer. */
  status?: number;
}

/** The reader is on another page (once per page turned, however the page was reached). */
export interface FolioPageChangedEvent extends FolioEnvelope<'folio:pageChanged'> {
  page: number;
  pageCount: number;
}

export interface FolioZoomChangedEvent extends FolioEnvelope<'folio:zoomChanged'> {
  /** 1 = 100 %. */
  zoom: number;
}

/** A placed signature, in PDF points of the page's user space (lower-left origin). */
export interface FolioPlacement {
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** This placement's PNG, when it differs from the event's `image`. */
  image?: string;
}

/** The reader pressed Finish: every signature placed, with its page and box. */
export interface FolioSignedEvent extends FolioEnvelope<'folio:signed'> {
  placements: FolioPlacement[];
  /** The signature's PNG (`data:image/png;base64,…`): the one the reader confirmed last. */
  image: string;
}

export interface FolioPrintStartedEvent extends FolioEnvelope<'folio:printStarted'> {
  /** How many pages the job draws. */
  pages: number;
}

export interface FolioPrintFinishedEvent extends FolioEnvelope<'folio:printFinished'> {
  outcome: 'printed' | 'cancelled' | 'failed';
}

/**
 * The signed link's token runs out soon (a minute before its `exp`, or at once when it has less
 * left): answer with `folio:setToken` to keep the reader reading (docs/embedding.md).
 */
export interface FolioTokenExpiringEvent extends FolioEnvelope<'folio:tokenExpiring'> {
  /** The token's `exp`: seconds since the epoch. */
  expiresAt: number;
}

export type FolioEvent =
  | FolioOpenedEvent
  | FolioTokenExpiringEvent
  | FolioFailedEvent
  | FolioPageChangedEvent
  | FolioZoomChangedEvent
  | FolioSignedEvent
  | FolioPrintStartedEvent
  | FolioPrintFinishedEvent;

export type FolioEventType = FolioEvent['type'];

/** Go to a page (1-based; clamped to the document). */
export interface FolioGoToPageCommand {
  type: 'folio:goToPage';
  page: number;
}

/** Set the zoom (1 = 100 %; clamped to the facility's limits). */
export interface FolioSetZoomCommand {
  type: 'folio:setZoom';
  zoom: number;
}

/** Open the find bar on this text and show its first match. */
export interface FolioSearchCommand {
  type: 'folio:search';
  query: string;
}

/** Open the signature pad, when the facility offers signing for this document. */
export interface FolioOpenSignaturePadCommand {
  type: 'folio:openSignaturePad';
}

/**
 * A new signed token for the same document (the host's backend minted it): Folio's requests carry
 * it from now on. Accepted even while the document is still opening or was refused for its token.
 */
export interface FolioSetTokenCommand {
  type: 'folio:setToken';
  token: string;
}

export type FolioCommand =
  | FolioGoToPageCommand
  | FolioSetZoomCommand
  | FolioSearchCommand
  | FolioOpenSignaturePadCommand
  | FolioSetTokenCommand;
