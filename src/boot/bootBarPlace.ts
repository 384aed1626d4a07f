import { BAR_HEIGHTS } from './firstFrame/barHeights';

/**
 * Marks a document link, on which index.html draws the toolbar's place (`#folio-boot-bar`) before
 * any file has loaded, and gives that place the heights the viewer's own bar takes (barHeights.ts):
 * written once, so the pages never move when the bar replaces it. Custom properties set through
 * the CSSOM, which no CSP blocks.
 */
export function markDocumentLink(root: HTMLElement): void {
  root.classList.add('folio-doc-link');
  root.style.setProperty('--folio-boot-bar', `${String(BAR_HEIGHTS.headerBar)}px`);
  root.style.setProperty(
    '--folio-boot-bar-narrow',
    `${String(BAR_HEIGHTS.headerBarWithTitleRow)}px`,
  );
}
