/**
 * What is read of pdf.js's page views (their typings return `any`): the page's element and, once
 * loaded, its visible area and /Rotate (the signature layer places boxes with them).
 */
import type { PageView } from '../sign/geometry';

export interface PageGeometry {
  view: PageView;
  /** The page's own /Rotate. */
  rotate: number;
}

interface PageLike {
  view: number[];
  rotate: number;
}

interface PageViewLike {
  div: HTMLDivElement;
  pdfPage?: PageLike | null;
}

interface ViewerLike {
  getPageView(index: number): unknown;
}

function pageView(viewer: ViewerLike, page: number): PageViewLike | undefined {
  return viewer.getPageView(page - 1) as PageViewLike | undefined;
}

export function toPageGeometry(page: PageLike): PageGeometry {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = page.view;
  return { view: [x1, y1, x2, y2], rotate: page.rotate };
}

export function pageElement(viewer: ViewerLike, page: number): HTMLDivElement | undefined {
  return pageView(viewer, page)?.div;
}

/** The page's geometry when pdf.js has loaded the page, else undefined. */
export function loadedPageGeometry(viewer: ViewerLike, page: number): PageGeometry | undefined {
  const pdfPage = pageView(viewer, page)?.pdfPage;
  return pdfPage ? toPageGeometry(pdfPage) : undefined;
}
