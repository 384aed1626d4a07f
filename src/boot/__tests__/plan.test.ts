/**
 * Where the first frame draws page 1 (docs/decisions/2026-11-26-first-frame.md): where PdfView's
 * first layout puts it, or nowhere when that is not known beforehand. The browser test
 * (browser-tests/first-frame.test.ts) compares the two on screen.
 */
import { normalizeDocument } from '../../services/facilityDocument';
import { parseHash } from '../../url/hash';
import { planFirstFrame, planFirstLayout, planPageLayout } from '../firstFrame/plan';
import type { FirstFrameScreen } from '../firstFrame/plan';

const BASE = new URL('https://f.test/api/');
const PREVIEWS = {
  url: 'documents/a.pdf/previews/h/{page}-{width}.webp',
  pages: 10,
  widths: [240, 480, 960, 1440, 1920],
};
const LETTER = { width: 612, height: 792 };
/** A link with no `#page` or `#zoom`. */
const AT_START = parseHash('');

function doc(overrides: Record<string, unknown> = {}) {
  return normalizeDocument(
    {
      title: 'Report',
      mimeType: 'application/pdf',
      pageCount: 3,
      loadedCount: 3,
      pageSize: [LETTER, LETTER, LETTER],
      previews: PREVIEWS,
      ...overrides,
    },
    { id: 'a.pdf', base: BASE },
  );
}

const DESKTOP: FirstFrameScreen = {
  width: 1280,
  height: 900,
  narrow: false,
  scrollbar: 0,
  pixelRatio: 1,
};
const PHONE: FirstFrameScreen = {
  width: 390,
  height: 844,
  narrow: true,
  scrollbar: 0,
  pixelRatio: 3,
};

describe('planFirstFrame', () => {
  it('desktop: page 1 at 100 %, centred, its top edge at the stage top as pdf.js scrolls to it', () => {
    const plan = planFirstFrame(doc(), DESKTOP, AT_START);
    // 612 × 792 pt at 96/72 px per point: 816 × 1056, centred in 1280 px.
    expect(plan?.pages).toEqual([{ left: 232, top: 0, width: 816, height: 1056 }]);
    // Under the toolbar (41 px), no footer.
    expect(plan).toMatchObject({ top: 41, bottom: 0 });
    expect(plan?.preview).toBe('https://f.test/api/documents/a.pdf/previews/h/1-960.webp');
  });

  it('a taller screen shows page 2 below it, 11 px further down (borders overlap by 7 px)', () => {
    const plan = planFirstFrame(doc(), { ...DESKTOP, height: 1400 }, AT_START);
    expect(plan?.pages.map(({ top }) => top)).toEqual([0, 1056 + 11]);
  });

  it('a classic scrollbar narrows the centred column when the pages overflow', () => {
    const plan = planFirstFrame(doc(), { ...DESKTOP, scrollbar: 15 }, AT_START);
    expect(plan?.pages[0].left).toBe((1280 - 15 - 834) / 2 + 9);
  });

  it('a single short page that fits takes no scrollbar', () => {
    const small = doc({ pageCount: 1, loadedCount: 1, pageSize: [{ width: 300, height: 300 }] });
    const plan = planFirstFrame(small, { ...DESKTOP, scrollbar: 15 }, AT_START);
    expect(plan?.pages[0].left).toBe((1280 - 400 - 18) / 2 + 9);
  });

  it('phone: fitted to the width, one page with its margin, under the toolbar and its title row', () => {
    const plan = planFirstFrame(doc(), PHONE, AT_START);
    // fitWidthZoom: floor((390 − 18) / 816 × 100) / 100 = 0.45 → 367 × 475.
    expect(plan?.pages).toEqual([{ left: 11.5, top: 10, width: 367, height: 475 }]);
    expect(plan?.top).toBe(71);
    // 367 px at DPR 3, capped at 2: 734 device pixels → the 960 px image.
    expect(plan?.preview).toMatch(/\/1-960\.webp$/);
  });

  it('phone with isVertical: the fitted column, scrolled as on desktop', () => {
    const plan = planFirstFrame(doc({ param: { isVertical: true } }), PHONE, AT_START);
    expect(plan?.pages.map(({ top }) => top)).toEqual([0, 475 + 11]);
  });

  it('the bars the facility asks for: title header, no toolbar, footer', () => {
    const plan = planFirstFrame(
      doc({ param: { showHeader: true, showHeaderBar: false, showFooter: true } }),
      DESKTOP,
      AT_START,
    );
    expect(plan).toMatchObject({ top: 41, bottom: 28 });
  });

  it('no title row on a phone when the title is not shown', () => {
    expect(planFirstFrame(doc({ param: { showFileName: false } }), PHONE, AT_START)?.top).toBe(41);
  });

  it('carries the watermark, as the facility gave it', () => {
    const plan = planFirstFrame(
      doc({ watermarkInfo: { text: 'alice', rotate: -30 } }),
      DESKTOP,
      AT_START,
    );
    expect(plan?.watermark).toMatchObject({ text: 'alice', rotate: -30 });
  });

  it.each([
    ['a link to a page', doc(), DESKTOP, '#page=2'],
    ['a link to a zoom', doc(), DESKTOP, '#zoom=150'],
    ['no previews', doc({ previews: undefined }), DESKTOP, ''],
    ['a conversion still running', doc({ loadedCount: 1 }), DESKTOP, ''],
    ['a narrow window with classic scrollbars', doc(), { ...PHONE, scrollbar: 15 }, ''],
  ])('nothing for %s: the app draws page 1 itself', (_, given, screen, hash) => {
    expect(planFirstFrame(given, screen, parseHash(hash))).toBeUndefined();
  });
});

describe("planFirstLayout (the boot's stage, docs/decisions/2026-12-07-boot-draws-page-one.md)", () => {
  it('lays page 1 out where the first frame would, with no previews offered', () => {
    const layout = planFirstLayout(doc({ previews: undefined }), DESKTOP, AT_START);
    expect(layout).toMatchObject({
      top: 41,
      bottom: 0,
      pages: [{ left: 232, top: 0, width: 816, height: 1056 }],
    });
    expect(planFirstFrame(doc({ previews: undefined }), DESKTOP, AT_START)).toBeUndefined();
  });

  it('phone: page 1 fitted to the width', () => {
    const layout = planFirstLayout(doc({ previews: undefined }), PHONE, AT_START);
    expect(layout?.pages[0]?.width).toBeLessThanOrEqual(390);
    expect(layout?.pages[0]?.width).toBeGreaterThan(350);
  });

  it('nowhere for a link to a page, or while it converts', () => {
    expect(planFirstLayout(doc(), DESKTOP, parseHash('#page=2'))).toBeUndefined();
    expect(planFirstLayout(doc({ loadedCount: 1 }), DESKTOP, AT_START)).toBeUndefined();
  });
});

describe("planPageLayout (the boot bar's pages, docs/decisions/2026-12-07-boot-bar-turns-pages.md)", () => {
  const LANDSCAPE = { width: 792, height: 612 };
  const mixed = () => doc({ previews: undefined, pageSize: [LETTER, LANDSCAPE, LETTER] });

  it('page 1 is the first layout', () => {
    expect(planPageLayout(doc(), DESKTOP, 1)).toEqual(planFirstLayout(doc(), DESKTOP, AT_START));
  });

  it('desktop: the page turned to at the stage top, as pdf.js scrolls to it, the next below it', () => {
    const layout = planPageLayout(mixed(), { ...DESKTOP, height: 1400 }, 2);
    // Page 2 (792 × 612 pt: 1056 × 816 px), centred; page 3 11 px below its bottom edge.
    expect(layout?.pages).toEqual([
      { left: 112, top: 0, width: 1056, height: 816 },
      { left: 232, top: 816 + 11, width: 816, height: 1056 },
    ]);
  });

  it('phone: the page turned to alone, with its margin, at the zoom fitted to page 1', () => {
    const layout = planPageLayout(mixed(), PHONE, 2);
    // 0.45 of 1056 × 816: wider than the screen, so it starts at the left edge, inside its border.
    expect(layout?.pages).toEqual([{ left: 9, top: 10, width: 475, height: 367 }]);
  });

  it('nowhere for a page the document does not have', () => {
    expect(planPageLayout(doc(), DESKTOP, 0)).toBeUndefined();
    expect(planPageLayout(doc(), DESKTOP, 4)).toBeUndefined();
  });
});
