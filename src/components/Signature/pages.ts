/**
 * What the signature layer reads of pdf.js's page views (their typings return `any`): the page's
 * element and, once loaded, its visible area and /Rotate.
 */
import type { Engine } from '../../services/pdf/engine';
import type { PageView } from '../../services/sign/geometry';

export interface PageGeometry {
  view: PageView;
  /** The page's own /Rotate. */
  rotate: number;
}

interface PageViewLike {
  div: HTMLDivElement;
  pdfPage?: { view: number[]; rotate: number } | null;
}

export function pageDiv(engine: Engine, page: number): HTMLDivElement | undefined {
  return (engine.viewer.getPageView(page - 1) as PageViewLike | undefined)?.div;
}

function toGeometry(page: { view: number[]; rotate: number }): PageGeometry {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = page.view;
  return { view: [x1, y1, x2, y2], rotate: page.rotate };
}

/** The page's geometry when pdf.js has loaded the page, else undefined. */
export function loadedGeometry(engine: Engine, page: number): PageGeometry | undefined {
  const pdfPage = (engine.viewer.getPageView(page - 1) as PageViewLike | undefined)?.pdfPage;
  return pdfPage ? toGeometry(pdfPage) : undefined;
}

/** The page's geometry, loading the page when pdf.js has not yet. */
export async function pageGeometry(engine: Engine, page: number): Promise<PageGeometry> {
  return loadedGeometry(engine, page) ?? toGeometry(await engine.pdf.getPage(page));
}

/** A client point as fractions of a page element's content box (the painted page). */
export function clientToFraction(div: HTMLElement, x: number, y: number): [number, number] {
  const rect = div.getBoundingClientRect();
  return [
    (x - rect.left - div.clientLeft) / div.clientWidth,
    (y - rect.top - div.clientTop) / div.clientHeight,
  ];
}
