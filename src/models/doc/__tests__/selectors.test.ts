/** Derived values: the contracts §5b rules that live in selectors rather than in components. */
import {
  selectAntiCopyActive,
  selectCanGoNext,
  selectCanGoPrev,
  selectCanSelectText,
  selectCanZoomIn,
  selectCanZoomOut,
  selectIsConverting,
  selectIsFetching,
  selectIsReady,
  selectMaxZoomPercent,
  selectMinZoomPercent,
  selectOpenInTabUrl,
  selectProgress,
  selectShownTitle,
  selectShownUrl,
  selectSignPadOpen,
  selectWatermark,
  selectZoomPercent,
} from '../selectors';
import { docState } from './helpers';

const urls = { fileUrl: 'http://x/content', originalUrl: 'http://x/original' };
const root = (...args: Parameters<typeof docState>) => ({ doc: docState(...args) });

describe('doc selectors', () => {
  it.each([
    [1, 100],
    [1.2, 120],
    [0.35, 35],
  ])('contracts §5 zoom display: zoom %p reads %p %', (zoom, percent) => {
    expect(selectZoomPercent(root({ zoom }))).toBe(percent);
  });

  it('spec §5 zoom: zoom in/out are possible only inside the ratios', () => {
    expect(selectCanZoomIn(root({ zoom: 2 }))).toBe(false);
    expect(selectCanZoomIn(root({ zoom: 1.8 }))).toBe(true);
    expect(selectCanZoomOut(root({ zoom: 0.2 }))).toBe(false);
    expect(selectCanZoomOut(root({ zoom: 0.4 }))).toBe(true);
  });

  it('spec §5 page: next/previous are possible only inside 1..pageCount', () => {
    expect(selectCanGoNext(root({ currentPage: 5 }, { pageCount: 5 }))).toBe(false);
    expect(selectCanGoNext(root({ currentPage: 4 }, { pageCount: 5 }))).toBe(true);
    expect(selectCanGoPrev(root({ currentPage: 1 }, { pageCount: 5 }))).toBe(false);
    expect(selectCanGoPrev(root({ currentPage: 2 }, { pageCount: 5 }))).toBe(true);
  });

  it('contracts §3 converting: progress is loadedCount / pageCount, 0 when unknown', () => {
    expect(selectProgress(root({}, { loadedCount: 7, pageCount: 14 }))).toBe(0.5);
    expect(selectProgress(root({}, { loadedCount: 0, pageCount: 0 }))).toBe(0);
  });

  it.each([
    [{ download: true, showBrowser: true, isFcsDownload: true }, urls.fileUrl],
    [{ download: true, showBrowser: false }, undefined],
    [{ download: false, showBrowser: true }, undefined],
  ])(
    'contracts §5b showBrowser: %o opens %p in a new tab (only when download)',
    (param, expected) => {
      expect(selectOpenInTabUrl(root({}, urls, param))).toBe(expected);
    },
  );

  it('the page view shows the PDF, or a view-only document’s images; nothing before the answer', () => {
    expect(selectShownUrl(root())).toBeUndefined();
    expect(selectOpenInTabUrl(root())).toBeUndefined();
    expect(selectShownUrl(root({}, urls))).toBe(urls.fileUrl);
    const viewOnly = {
      pages: 'http://x/pages/{page}-{width}.webp',
      widths: [960],
      text: undefined,
    };
    expect(selectShownUrl(root({}, { ...urls, viewOnly }))).toBe(viewOnly.pages);
    expect(selectShownUrl(root({}, { ...urls, viewOnly: { ...viewOnly, pages: null } }))).toBe(
      undefined,
    );
  });

  it.each([
    [{ antiCopy: true, select: true }, false],
    [{ antiCopy: false, select: false }, false],
    [{ antiCopy: false, select: true }, true],
  ])('contracts §5b select: %o makes text selectable: %p', (param, expected) => {
    expect(selectCanSelectText(root({}, {}, param))).toBe(expected);
  });

  it('contracts §3 watermark: empty text means no watermark', () => {
    expect(selectWatermark(root({}, { watermarkInfo: { text: '', fontSize: 3 } }))).toBeUndefined();
    expect(selectWatermark(root({}, { watermarkInfo: {} }))).toBeUndefined();
    const info = { text: 'alice' };
    expect(selectWatermark(root({}, { watermarkInfo: info }))).toBe(info);
  });

  it('contracts §1 loading: fetching follows loading.effects["doc/fetch"]', () => {
    const loading = { global: true, models: { doc: true }, effects: {}, running: {} };
    expect(selectIsFetching({ loading })).toBe(false);
    expect(selectIsFetching({ loading: { ...loading, effects: { 'doc/fetch': true } } })).toBe(
      true,
    );
  });

  it('status: ready and converting', () => {
    expect(selectIsReady(root({ status: 'ready' }))).toBe(true);
    expect(selectIsReady(root({ status: 'converting' }))).toBe(false);
    expect(selectIsConverting(root({ status: 'converting' }))).toBe(true);
    expect(selectIsConverting(root({ status: 'ready' }))).toBe(false);
  });

  it('spec §5 zoom clamp as percentages', () => {
    expect(selectMinZoomPercent(root({}, {}, { minZoomRatio: 0.5 }))).toBe(50);
    expect(selectMaxZoomPercent(root({}, {}, { maxZoomRatio: 3 }))).toBe(300);
  });

  it('contracts §5b showFileName: the title is shown only with the flag', () => {
    expect(selectShownTitle(root({}, { title: 'Report' }, { showFileName: true }))).toBe('Report');
    expect(selectShownTitle(root({}, { title: 'Report' }, { showFileName: false }))).toBe('');
  });

  it('contracts §5b antiCopy: in force only while a document is shown', () => {
    expect(selectAntiCopyActive(root({ status: 'ready' }, {}, { antiCopy: true }))).toBe(true);
    expect(selectAntiCopyActive(root({ status: 'ready' }, {}, { antiCopy: false }))).toBe(false);
    expect(selectAntiCopyActive(root({ status: 'loading' }, {}, { antiCopy: true }))).toBe(false);
  });

  it('spec §3 sign pad: signState on desktop, mobileSignState on phones', () => {
    const state = root({ signState: true, mobileSignState: false });
    expect(selectSignPadOpen(false)(state)).toBe(true);
    expect(selectSignPadOpen(true)(state)).toBe(false);
  });
});
