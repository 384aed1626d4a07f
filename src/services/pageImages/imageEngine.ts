/**
 * The page engine of a view-only document (docs/decisions/2026-11-29-view-only-viewer.md): the
 * server's page images, laid out as pdf.js lays out its pages (the same `.page` boxes, borders
 * and margins, so the page view, the signatures and the reader see the same viewer), each asked
 * for as it comes near the screen at the width the zoom and the screen need, sharper when the
 * reader zooms in. It reports what it does on the same channel as pdf.js's engine.
 */
import type { PageSize } from '../../domain/document';
import { errorTile } from '../pdf/errorTile';
import { CSS_PER_POINT, cssPageBox, normaliseRotation } from '../pdf/layout';
import type { EngineView, PageEngine, ViewerEvent } from '../pdf/pageEngine';
import type { PageGeometry } from '../pdf/pageViews';
import { imageWidthFor, loadPageImage, pageImageUrl } from './pageImages';
import type { PageImages } from './pageImages';
import './imageEngine.css';

export interface ImageEngineOptions {
  container: HTMLDivElement;
  viewer: HTMLDivElement;
  images: PageImages;
  pageErrorText: string;
  /** The word before a page's number in its region's name ("Page" / "第"). */
  pageLabel: (page: number) => string;
  view: () => EngineView;
  emit: (event: ViewerEvent) => void;
}

/** A box to highlight on a page, CSS pixels of the page at zoom 1 (top-left origin). */
export interface HitBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageHits {
  page: number;
  boxes: readonly HitBox[];
  /** The current match's boxes are drawn distinct. */
  selected: boolean;
}

export interface ImageEngine extends PageEngine {
  readonly images: PageImages;
  readonly pageCount: number;
  currentPage(): number;
  /** Search highlights: every match's boxes, the current one distinct; [] clears them. */
  highlight(hits: readonly PageHits[]): void;
  /** Scrolls a box of `page` into view (the current match). */
  scrollToBox(page: number, box: HitBox): void;
  /**
   * The reader is typing `page` into the page input: its image is asked for now, before the jump
   * (docs/decisions/2026-11-29-view-only-viewer.md, "The page typed").
   */
  expect(page: number): void;
}

/** Images kept decoded at most; those far from the screen are let go first. */
export const KEPT_IMAGES = 24;

/** Pages whose images are asked for before they reach the screen: one screen ahead. */
const AHEAD = '100% 0px';

/**
 * Images asked for ahead of the screen at once, and only while none on screen is still coming:
 * on a slow link the page the reader jumped to must not share it with its neighbours
 * (docs/decisions/2026-11-29-view-only-viewer.md, "Measured").
 */
const AHEAD_AT_ONCE = 1;

interface Slot {
  page: number;
  div: HTMLDivElement;
  /** Holds the image and the highlights, unturned; turned as a whole by the page's rotation. */
  inner: HTMLDivElement;
  img: HTMLImageElement;
  hits: HTMLDivElement;
  /** The width of the image shown, 0 while none. */
  shownWidth: number;
  /** The width being fetched, 0 while none. */
  loadingWidth: number;
  controller?: AbortController;
  objectUrl?: string;
  /** Within a screen of the view (its image is wanted). */
  near: boolean;
  /** On screen now (its image is wanted first). */
  visible: boolean;
  failed: boolean;
}

export function createImageEngine(options: ImageEngineOptions): ImageEngine {
  const { container, viewer, images } = options;
  const sizes: readonly PageSize[] = images.sizes;
  const pageCount = sizes.length;
  let { zoom, rotate, currentPage, onePage } = options.view();
  rotate = normaliseRotation(rotate);
  currentPage = Math.min(Math.max(1, currentPage), Math.max(1, pageCount));
  let origin: [number, number] | undefined;
  let destroyed = false;
  // Pages shown at least once, in the order they were (the oldest let go first).
  const kept: Slot[] = [];
  // Search highlights per page; drawn on the pages near the screen only.
  let highlights = new Map<number, PageHits[]>();

  const slots: Slot[] = sizes.map((_, index) => {
    const page = index + 1;
    const div = document.createElement('div');
    div.className = 'page folio-image-page';
    div.dataset.pageNumber = String(page);
    div.setAttribute('role', 'region');
    div.setAttribute('aria-label', options.pageLabel(page));
    const inner = document.createElement('div');
    inner.className = 'folio-image-page-inner';
    const img = document.createElement('img');
    img.alt = '';
    img.draggable = false;
    img.decoding = 'async';
    const hits = document.createElement('div');
    hits.className = 'folio-image-hits';
    inner.append(img, hits);
    div.append(inner);
    return {
      page,
      div,
      inner,
      img,
      hits,
      shownWidth: 0,
      loadingWidth: 0,
      near: false,
      visible: false,
      failed: false,
    };
  });

  const pixelRatio = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
  // `at` would count a page 0 from the end.
  const slotOf = (page: number): Slot | undefined => (page >= 1 ? slots.at(page - 1) : undefined);
  const sizeOf = (page: number): PageSize =>
    (page >= 1 ? sizes.at(page - 1) : undefined) ?? { width: 0, height: 0 };
  const unturned = (page: number) => cssPageBox(sizeOf(page), zoom, 0);

  const size = (slot: Slot) => {
    const box = cssPageBox(sizeOf(slot.page), zoom, rotate);
    const flat = unturned(slot.page);
    slot.div.style.width = `${String(box.width)}px`;
    slot.div.style.height = `${String(box.height)}px`;
    slot.inner.style.width = `${String(flat.width)}px`;
    slot.inner.style.height = `${String(flat.height)}px`;
    // Turned about the box's centre: the unturned box's centre is put on the turned one's.
    const dx = (box.width - flat.width) / 2;
    const dy = (box.height - flat.height) / 2;
    slot.inner.style.transform = `translate(${String(dx)}px, ${String(dy)}px) rotate(${String(rotate)}deg)`;
    slot.hits.style.setProperty('--folio-hit-scale', String(zoom));
    slot.div.hidden = onePage && slot.page !== currentPage;
  };

  const cancel = (slot: Slot) => {
    slot.controller?.abort();
    slot.controller = undefined;
    slot.loadingWidth = 0;
  };

  const release = (slot: Slot) => {
    cancel(slot);
    if (slot.objectUrl !== undefined) URL.revokeObjectURL(slot.objectUrl);
    slot.objectUrl = undefined;
    slot.img.removeAttribute('src');
    slot.shownWidth = 0;
    const index = kept.indexOf(slot);
    if (index >= 0) kept.splice(index, 1);
  };

  // The oldest of the images off screen go once more than KEPT_IMAGES are held.
  const trim = () => {
    for (let i = 0; kept.length > KEPT_IMAGES && i < kept.length;) {
      const slot = kept.at(i);
      if (slot && !slot.near) release(slot);
      else i += 1;
    }
  };

  const showFailure = (slot: Slot, failed: boolean) => {
    slot.failed = failed;
    const tile = slot.div.querySelector('.folio-page-error');
    if (failed && !tile) slot.div.append(errorTile(options.pageErrorText));
    if (!failed) tile?.remove();
  };

  // The page's image at the width it needs now; the one shown stays until a sharper one is in.
  const load = (slot: Slot) => {
    const width = imageWidthFor(images.widths, unturned(slot.page).width, pixelRatio());
    if (width <= slot.shownWidth || width === slot.loadingWidth || destroyed) return;
    slot.controller?.abort();
    const controller = new AbortController();
    slot.controller = controller;
    slot.loadingWidth = width;
    const first = slot.shownWidth === 0;
    loadPageImage(pageImageUrl(images, slot.page, width), controller.signal).then(
      async (url) => {
        if (controller.signal.aborted) {
          URL.revokeObjectURL(url);
          return;
        }
        const before = slot.objectUrl;
        slot.img.src = url;
        await slot.img.decode().catch(() => undefined);
        if (before !== undefined) URL.revokeObjectURL(before);
        slot.objectUrl = url;
        slot.shownWidth = width;
        slot.loadingWidth = 0;
        slot.controller = undefined;
        if (!kept.includes(slot)) kept.push(slot);
        trim();
        showFailure(slot, false);
        if (first) options.emit({ kind: 'pageDrawn', page: slot.page, failed: false });
        pump();
      },
      () => {
        if (controller.signal.aborted) return;
        slot.loadingWidth = 0;
        slot.controller = undefined;
        pump();
        // A sharper image that failed leaves the one shown; a page with none shows why.
        if (slot.shownWidth > 0) return;
        showFailure(slot, true);
        options.emit({ kind: 'pageDrawn', page: slot.page, failed: true });
      },
    );
  };

  // The pages on screen first; then, one at a time, those a screen ahead.
  const pump = () => {
    if (destroyed) return;
    for (const slot of slots) if (slot.visible) load(slot);
    if (slots.some((slot) => slot.visible && slot.loadingWidth > 0)) return;
    let ahead = slots.filter((slot) => !slot.visible && slot.loadingWidth > 0).length;
    const near = slots.filter((slot) => slot.near && !slot.visible);
    // The nearest to the page being read first.
    near.sort((a, b) => Math.abs(a.page - currentPage) - Math.abs(b.page - currentPage));
    for (const slot of near) {
      if (ahead >= AHEAD_AT_ONCE) return;
      load(slot);
      if (slot.loadingWidth > 0) ahead += 1;
    }
  };

  const drawHits = (slot: Slot) => {
    const marks = (slot.near ? (highlights.get(slot.page) ?? []) : []).flatMap(
      ({ boxes, selected }) =>
        boxes.map((box) => {
          const mark = document.createElement('div');
          mark.className = selected ? 'folio-image-hit selected' : 'folio-image-hit';
          mark.style.setProperty('--x', String(box.x));
          mark.style.setProperty('--y', String(box.y));
          mark.style.setProperty('--w', String(box.width));
          mark.style.setProperty('--h', String(box.height));
          return mark;
        }),
    );
    if (marks.length > 0 || slot.hits.childElementCount > 0) slot.hits.replaceChildren(...marks);
  };

  const setNear = (slot: Slot, near: boolean) => {
    if (near === slot.near) return;
    slot.near = near;
    // Far from the screen after a jump: its image no longer takes the link from the new page's.
    if (!near) cancel(slot);
    drawHits(slot);
  };

  // Made first, so that the browser reports what is on screen before what is near it.
  const onScreen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const slot = slotOf(Number((entry.target as HTMLElement).dataset.pageNumber));
        if (slot) slot.visible = entry.isIntersecting;
      }
      pump();
    },
    { root: container },
  );
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const slot = slotOf(Number((entry.target as HTMLElement).dataset.pageNumber));
        if (slot) setNear(slot, entry.isIntersecting);
      }
      pump();
    },
    { root: container, rootMargin: AHEAD },
  );

  const pageTop = (slot: Slot) =>
    slot.div.getBoundingClientRect().top -
    container.getBoundingClientRect().top +
    container.scrollTop;

  const scrollToPage = (page: number) => {
    const slot = slotOf(page);
    if (!slot) return;
    // As pdf.js scrolls to a page: its top edge inside the border.
    container.scrollTop = pageTop(slot) + slot.div.clientTop;
  };

  // After a jump the page's image is asked for at once, from the layout, not a frame or more
  // later when the observers report it (docs/decisions/2026-11-29-view-only-viewer.md,
  // "Measured"); what the jump left behind stops taking the link. The observers then report the
  // same, since they see the same layout.
  const askNow = () => {
    const view = container.getBoundingClientRect();
    for (const slot of slots) {
      const box = slot.div.getBoundingClientRect();
      const across = box.right > view.left && box.left < view.right && !slot.div.hidden;
      slot.visible = across && box.bottom > view.top && box.top < view.bottom;
      setNear(
        slot,
        across && box.bottom > view.top - view.height && box.top < view.bottom + view.height,
      );
    }
    pump();
  };

  // The page most of whose height is on screen (pdf.js's current page, near enough).
  const pageInView = (): number => {
    if (onePage) return currentPage;
    const view = container.getBoundingClientRect();
    let best = currentPage;
    let bestShown = -1;
    for (const slot of slots) {
      if (!slot.near) continue;
      const box = slot.div.getBoundingClientRect();
      const shown = Math.min(box.bottom, view.bottom) - Math.max(box.top, view.top);
      if (shown > bestShown + 1) {
        best = slot.page;
        bestShown = shown;
      }
    }
    return best;
  };

  let frame = 0;
  const onScroll = () => {
    if (frame !== 0) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const page = pageInView();
      if (page === currentPage) return;
      currentPage = page;
      options.emit({ kind: 'pageChanged', page });
    });
  };

  const relayout = () => {
    slots.forEach(size);
    pump();
  };

  // A new zoom keeps what was under `origin` (or the current page's top) where it was.
  const rescale = (next: number) => {
    const before = zoom;
    const at = origin;
    origin = undefined;
    const slot = slotOf(currentPage);
    const offset = slot ? container.scrollTop - pageTop(slot) : 0;
    const bounds = container.getBoundingClientRect();
    const point = at ? { x: at[0] - bounds.left, y: at[1] - bounds.top } : undefined;
    const contentX = point ? container.scrollLeft + point.x : 0;
    const contentY = point ? container.scrollTop + point.y : 0;
    zoom = next;
    relayout();
    const ratio = next / before;
    if (point) {
      container.scrollLeft = contentX * ratio - point.x;
      container.scrollTop = contentY * ratio - point.y;
    } else if (slot) {
      container.scrollTop = pageTop(slot) + offset * ratio;
    }
    options.emit({ kind: 'scaleChanged', scale: next });
  };

  viewer.replaceChildren(...slots.map((slot) => slot.div));
  slots.forEach(size);
  slots.forEach((slot) => {
    observer.observe(slot.div);
    onScreen.observe(slot.div);
  });
  container.addEventListener('scroll', onScroll, { passive: true });
  scrollToPage(currentPage);
  // After the session has the engine (and has said it is attached), as pdf.js's `pagesinit` is.
  queueMicrotask(() => {
    if (destroyed) return;
    options.emit({ kind: 'laidOut', pageCount });
    options.emit({ kind: 'pagesSized', sizes: [...sizes] });
  });

  // The page the reader is typing, whose image is on its way before the jump.
  let expected: Slot | undefined;
  const expect = (page: number) => {
    const slot = slotOf(Math.min(Math.max(1, page), pageCount));
    if (slot === expected) return;
    // Another page typed (4, then 40): the first one's image no longer takes the link.
    if (expected && !expected.near) cancel(expected);
    expected = slot;
    if (slot && !destroyed) load(slot);
  };

  const setPage = (page: number) => {
    const next = Math.min(Math.max(1, page), pageCount);
    expected = undefined;
    if (next === currentPage) return;
    currentPage = next;
    if (onePage) slots.forEach(size);
    scrollToPage(next);
    askNow();
    options.emit({ kind: 'pageChanged', page: next });
  };

  const geometry = (page: number): PageGeometry | undefined => {
    const found = page >= 1 ? sizes.at(page - 1) : undefined;
    // The image is the page as displayed: its own /Rotate is already in it.
    return found ? { view: [0, 0, found.width, found.height], rotate: 0 } : undefined;
  };

  return {
    images,
    pageCount,
    currentPage: () => currentPage,
    setScale(scale) {
      if (Math.abs(scale - zoom) >= 0.001) rescale(scale);
    },
    setRotation(degrees) {
      const next = normaliseRotation(degrees);
      if (next === rotate) return;
      rotate = next;
      relayout();
      if (!onePage) scrollToPage(currentPage);
      options.emit({ kind: 'rotated' });
    },
    setPage,
    expect,
    zoomOrigin(point) {
      origin = point;
    },
    setOnePage(next) {
      if (next === onePage) return;
      onePage = next;
      slots.forEach(size);
      scrollToPage(currentPage);
    },
    fitWidthScale() {
      const slot = slotOf(currentPage);
      const size = sizes.at(currentPage - 1);
      if (!slot || !size) return undefined;
      const border = slot.div.offsetWidth - slot.div.clientWidth;
      const turned = rotate % 180 !== 0;
      const width = (turned ? size.height : size.width) * CSS_PER_POINT;
      return Math.floor(((container.clientWidth - border) / width) * 100) / 100;
    },
    revealPage(page) {
      if (page === currentPage) scrollToPage(page);
    },
    pageElement: (page) => slotOf(page)?.div,
    loadedPageGeometry: geometry,
    pageGeometry: (page) => Promise.resolve(geometry(page)),
    highlight(hits) {
      const before = highlights;
      highlights = new Map();
      for (const hit of hits) highlights.set(hit.page, [...(highlights.get(hit.page) ?? []), hit]);
      for (const slot of slots) {
        if (before.has(slot.page) || highlights.has(slot.page)) drawHits(slot);
      }
    },
    scrollToBox(page, box) {
      setPage(page);
      const slot = slotOf(page);
      if (!slot) return;
      // Where the box lies on the turned page, from the page's box on screen.
      const flat = unturned(page);
      const cx = (box.x + box.width / 2) * zoom - flat.width / 2;
      const cy = (box.y + box.height / 2) * zoom - flat.height / 2;
      const turns = rotate / 90;
      const [x, y] = [
        [cx, cy],
        [-cy, cx],
        [-cx, -cy],
        [cy, -cx],
      ][turns] ?? [cx, cy];
      const top = pageTop(slot) + slot.div.clientTop + slot.div.clientHeight / 2 + y;
      const left = slot.div.offsetLeft + slot.div.clientLeft + slot.div.clientWidth / 2 + x;
      // The match a third of the way down, as pdf.js scrolls to its current match.
      container.scrollTop = top - container.clientHeight / 3;
      if (left < container.scrollLeft || left > container.scrollLeft + container.clientWidth) {
        container.scrollLeft = left - container.clientWidth / 2;
      }
    },
    destroy() {
      destroyed = true;
      observer.disconnect();
      onScreen.disconnect();
      container.removeEventListener('scroll', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
      slots.forEach(release);
      viewer.replaceChildren();
    },
  };
}
