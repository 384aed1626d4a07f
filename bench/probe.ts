// The harness's eyes inside a page: installed as an init script (before any of the app's code runs),
// it looks only at the DOM and at pixels, never at anything the app reports about itself.
//
// - A page counts as painted when one of the canvases inside `[data-page-number="<n>"]` is visible
//   and holds ink: drawn (nearest-neighbour, at most 512 px wide) onto the probe's own detached
//   canvas — so the probe never creates or touches the app's drawing context — at least 20
//   opaque non-white pixels (a channel < 240) and a spread of light and dark (an untouched
//   opaque canvas is one flat colour). In view-only mode a page is the server's image
//   (`.folio-image-page[data-page-number="<n>"] img`, docs/decisions/2026-11-29-view-only-viewer.md):
//   it counts the same way once it is loaded (`complete`, a natural width) and visible, its pixels
//   drawn onto the same scratch canvas and held to the same rule. Page 1 drawn by pdf.js before
//   the app, by the boot's stage (`#folio-first-frame canvas[data-stage-page="1"]`,
//   docs/decisions/2026-12-07-boot-draws-page-one.md), counts the same way: it is pdf.js's page.
// - First page painted: from navigation start (performance.now()'s origin) to the first animation
//   frame at which page 1 is painted; polled every frame from document start.
// - A jump: armed before the harness types into `Page number`; t0 is the first `input` event or
//   Enter keydown after arming (a capture listener on window, ahead of the app's), t1 the first
//   frame at which the target page is painted.
// - Preview painted: the render time (Element Timing) of Folio's preview of page 1, an
//   `<img elementtiming="folio-preview" data-preview-page="1">` the viewer draws in the page's
//   place before pdf.js has drawn it (docs/contracts.md). None on the anchor.
// - Controls usable: from navigation start to the first animation frame at which the toolbar's
//   `Next page` button (`button[aria-label="Next page"]`, on both sides and on phones) is
//   visible, enabled, not inside an `aria-busy="true"` element, and the element at its centre is
//   the button or inside it: a click there would reach it.
// - Bar shown: from navigation start to the first animation frame at which something other than
//   the page's background (html, body, #root) lies across the top of the viewport, 20 px down and
//   a quarter, half and three quarters across: the toolbar, or a stand-in of its size.
// - Layout shift: the sum of PerformanceObserver('layout-shift') values without recent input,
//   from document start (buffered) — the cumulative layout shift while loading.
// - Long tasks: a PerformanceObserver('longtask') between start and stop.

export interface PaintCheck {
  painted: boolean;
  /** Non-white pixels among the sampled ones, over the page's canvases (or view-only image). */
  ink: number;
  /** The page's canvases, and its view-only image, found. */
  canvases: number;
}

export interface LongTaskTally {
  supported: boolean;
  count: number;
  ms: number;
}

export interface JumpState {
  page: number;
  t0: number | null;
  t1: number | null;
}

export interface Probe {
  /** performance.now() at the first frame with page 1 painted. */
  firstPaint: number | null;
  /** Render time of page 1's preview (Element Timing), from navigation start. */
  preview: number | null;
  /** performance.now() at the first frame with a usable `Next page` button. */
  controls: number | null;
  /** performance.now() at the first frame with a bar across the top of the viewport. */
  bar: number | null;
  /** Layout shift so far (layout-shift entries without recent input). */
  layoutShift(): number;
  jump: JumpState | null;
  check(page: number): PaintCheck;
  /** The page number of the page element under a viewport point, if any. */
  pageAt(x: number, y: number): number | null;
  armJump(page: number): void;
  cancelJump(): void;
  startLongTasks(): void;
  stopLongTasks(): LongTaskTally;
}

/** `(window as unknown as ProbeWindow).__folioBenchProbe` inside page.evaluate callbacks. */
export interface ProbeWindow {
  __folioBenchProbe: Probe;
}

/** The init script. Self-contained: it is serialised into the page. */
export function installProbe(): void {
  const scratch = document.createElement('canvas');
  const context = scratch.getContext('2d', { willReadFrequently: true });

  /** The drawable's size, or null while it holds nothing to draw (or is hidden). */
  const drawable = (
    element: Element,
  ): { source: HTMLCanvasElement | HTMLImageElement; width: number; height: number } | null => {
    if (!element.checkVisibility()) return null;
    if (element instanceof HTMLCanvasElement) {
      return element.width === 0 || element.height === 0
        ? null
        : { source: element, width: element.width, height: element.height };
    }
    if (element instanceof HTMLImageElement) {
      return !element.complete || element.naturalWidth === 0 || element.naturalHeight === 0
        ? null
        : { source: element, width: element.naturalWidth, height: element.naturalHeight };
    }
    return null;
  };

  const check = (page: number): PaintCheck => {
    const found = document.querySelectorAll(
      `[data-page-number="${page}"] canvas, .folio-image-page[data-page-number="${page}"] img, #folio-first-frame canvas[data-stage-page="${page}"]`,
    );
    let ink = 0;
    let painted = false;
    for (const element of found) {
      const shown = drawable(element);
      if (shown === null || !context) continue;
      const scale = Math.min(1, 512 / shown.width);
      const w = Math.max(1, Math.round(shown.width * scale));
      const h = Math.max(1, Math.round(shown.height * scale));
      scratch.width = w;
      scratch.height = h;
      context.imageSmoothingEnabled = false;
      context.clearRect(0, 0, w, h);
      context.drawImage(shown.source, 0, 0, w, h);
      const data = context.getImageData(0, 0, w, h).data;
      let dark = 0;
      let light = 0;
      let here = 0;
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i + 3] ?? 0) < 128) continue;
        const r = data[i] ?? 0;
        const g = data[i + 1] ?? 0;
        const b = data[i + 2] ?? 0;
        if (r < 240 || g < 240 || b < 240) here += 1;
        const lum = (r + g + b) / 3;
        if (lum < 160) dark += 1;
        else light += 1;
      }
      ink += here;
      if (here >= 20 && dark > 0 && light > 0) painted = true;
    }
    return { painted, ink, canvases: found.length };
  };

  let observer: PerformanceObserver | null = null;
  let tally: LongTaskTally = { supported: false, count: 0, ms: 0 };
  const count = (entries: PerformanceEntryList): void => {
    for (const entry of entries) {
      tally.count += 1;
      tally.ms += entry.duration;
    }
  };

  let shift = 0;
  if (PerformanceObserver.supportedEntryTypes.includes('layout-shift')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }

  let disarm = (): void => undefined;
  const state: Probe = {
    firstPaint: null,
    preview: null,
    controls: null,
    bar: null,
    layoutShift: () => shift,
    jump: null,
    check,
    pageAt(x: number, y: number) {
      for (const hit of document.elementsFromPoint(x, y)) {
        const page = hit.closest('[data-page-number]');
        if (page) return Number(page.getAttribute('data-page-number'));
      }
      return null;
    },
    armJump(page: number) {
      disarm();
      const jump: JumpState = { page, t0: null, t1: null };
      state.jump = jump;
      const start = (event: Event): void => {
        if (event instanceof KeyboardEvent && event.key !== 'Enter') return;
        disarm();
        jump.t0 = performance.now();
        const tick = (): void => {
          if (state.jump !== jump) return;
          if (check(page).painted) jump.t1 = performance.now();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      };
      window.addEventListener('input', start, { capture: true });
      window.addEventListener('keydown', start, { capture: true });
      disarm = () => {
        window.removeEventListener('input', start, { capture: true });
        window.removeEventListener('keydown', start, { capture: true });
      };
    },
    cancelJump() {
      disarm();
      state.jump = null;
    },
    startLongTasks() {
      tally = {
        supported: PerformanceObserver.supportedEntryTypes.includes('longtask'),
        count: 0,
        ms: 0,
      };
      if (!tally.supported) return;
      observer = new PerformanceObserver((list) => {
        count(list.getEntries());
      });
      observer.observe({ type: 'longtask' });
    },
    stopLongTasks() {
      if (observer) {
        count(observer.takeRecords());
        observer.disconnect();
        observer = null;
      }
      return { ...tally, ms: Math.round(tally.ms) };
    },
  };
  (window as unknown as ProbeWindow).__folioBenchProbe = state;

  const first = (): void => {
    if (check(1).painted) state.firstPaint = performance.now();
    else requestAnimationFrame(first);
  };
  requestAnimationFrame(first);

  if (PerformanceObserver.supportedEntryTypes.includes('element')) {
    const previews = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        identifier: string;
        renderTime: number;
        loadTime: number;
        element: Element | null;
      })[]) {
        if (entry.identifier !== 'folio-preview') continue;
        if (entry.element?.getAttribute('data-preview-page') !== '1') continue;
        // renderTime is 0 when the image's origin withholds timing; the load then stands in.
        const at = entry.renderTime || entry.loadTime;
        state.preview = state.preview === null ? at : Math.min(state.preview, at);
      }
    });
    previews.observe({ type: 'element', buffered: true });
  }

  const usable = (): boolean => {
    const button = document.querySelector('button[aria-label="Next page"]');
    if (!(button instanceof HTMLButtonElement) || button.disabled) return false;
    if (button.getAttribute('aria-disabled') === 'true' || !button.checkVisibility()) return false;
    if (button.closest('[aria-busy="true"]')) return false;
    const box = button.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && button.contains(hit);
  };
  const controls = (): void => {
    if (usable()) state.controls = performance.now();
    else requestAnimationFrame(controls);
  };
  requestAnimationFrame(controls);

  const background = (node: Element | null): boolean =>
    node === null ||
    node === document.documentElement ||
    node === document.body ||
    node.id === 'root';
  const bar = (): void => {
    const across = [0.25, 0.5, 0.75].map((f) => document.elementFromPoint(innerWidth * f, 20));
    if (across.every((node) => !background(node))) state.bar = performance.now();
    else requestAnimationFrame(bar);
  };
  requestAnimationFrame(bar);
}
