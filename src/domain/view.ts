/**
 * The views a document is read in (shared DESIGN §3 "Views beyond pages", contracts §3), and what
 * each has: the one place a rule that depends on the view reads it.
 */

/** How the facility's answer is read: as pages (pdf.js, page images), a listing, a sheet (a grid) or media. */
export type DocView = 'pages' | 'listing' | 'sheet' | 'media';

export interface ViewTraits {
  /**
   * A viewed file is on screen (the facility's PDF): the download of the viewed file and a tab
   * holding it exist only here; every other view's file is the original (an archive, a workbook,
   * a video), and its answer is the whole open (no pdf.js open comes after it).
   */
  viewedFile: boolean;
  /** It prints (Ctrl/⌘+P, the host's print): pages as they are, a grid through its pages. */
  prints: boolean;
}

export const VIEW_TRAITS: Readonly<Record<DocView, ViewTraits>> = Object.freeze({
  pages: { viewedFile: true, prints: true },
  sheet: { viewedFile: false, prints: true },
  listing: { viewedFile: false, prints: false },
  media: { viewedFile: false, prints: false },
});
