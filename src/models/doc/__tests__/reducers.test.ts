/**
 * spec §3–§5 and §9 for the doc model's state and reducers: one row (or more) per rule, each
 * named after it. Every input state is deep-frozen, so a reducer that mutates its input fails.
 */
import type { Action } from '../../../runtime';
import { docActions } from '..';
import { docReducers } from '../reducers';
import { initialDocState } from '../state';
import type { DocState } from '../state';
import { deepFreeze, docState, signature } from './helpers';
import type { DeepPartial } from './helpers';
import { PARAM_DEFAULTS } from '../../../domain/document';

const A = docActions;

/** Routes an action to its reducer by type, as the runtime does. */
function reduce(state: DocState, action: Action<unknown>): DocState {
  const reducers = docReducers as unknown as Record<
    string,
    ((s: DocState, a: Action<unknown>) => DocState) | undefined
  >;
  const reducer = reducers[action.type.replace(/^doc\//, '')];
  if (!action.type.startsWith('doc/') || !reducer) throw new Error(`no reducer for ${action.type}`);
  return reducer(deepFreeze(state), action);
}

interface Row {
  rule: string;
  state: DocState;
  action: Action<unknown>;
  expected: DeepPartial<DocState>;
}

/** The spec §3 "param defaults" table, copied verbatim from docs/spec.md. */
const SPEC_PARAM_TABLE = `
| maxZoomRatio | 2 |
| minZoomRatio | 0.2 |
| applicationType | 0 |
| select | false |
| showHeaderBar | true |
| showBrowser | true |
| showRotate | true |
| showLeftAnimation | true |
| showFooter | false |
| showHeader | false |
| download | true |
| showSearch | false |
| showFileName | true |
| isFcsDownload | true |
| isShowBall | true |
| showComment | true |
| gridLine | false |
| antiCopy | true |
| fullScreen | false |
| showList | false |
| showNum | true |
| htmlName | empty |
| print | true |
| showThumb | false |
| showAnimation | false |
| showSignature | false |
| isShowZoom | false |
| isVertical | false |
| isMobScaleDisabled | false |
`;

function specValue(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'empty') return '';
  return Number(text);
}

const specParams: [string, unknown][] = SPEC_PARAM_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [field = '', value = ''] = line
      .split('|')
      .map((cell) => cell.trim())
      .filter(Boolean);
    return [field, specValue(value)];
  });

describe('spec §3 param defaults (the table, read literally)', () => {
  it('spec §3 param defaults: the table has 29 fields and PARAM_DEFAULTS has exactly those', () => {
    expect(specParams).toHaveLength(29);
    expect(Object.keys(PARAM_DEFAULTS).sort()).toEqual(specParams.map(([f]) => f).sort());
  });

  it.each(specParams)('spec §3 param defaults: %s defaults to %p', (field, value) => {
    expect(PARAM_DEFAULTS).toHaveProperty([field], value);
    expect(initialDocState.docData.param).toHaveProperty([field], value);
  });
});

describe('spec §3 initial values', () => {
  it.each<[string, unknown]>([
    ['showMobileMenu', false],
    ['showThumbnail', false],
    ['showFullscreen', false],
    ['mobileSignState', false],
    ['signState', false],
    ['rotate', 0],
    ['currentPage', 1],
    ['currentPagesSize', {}],
    ['zoom', 1],
    ['isSigned', false],
    ['isMobSigned', false],
    ['signDataArr', []],
    ['mimeType', ''],
    ['docId', undefined],
    ['status', 'idle'],
    ['error', undefined],
  ])('spec §3 initial value: %s is %p', (field, value) => {
    expect(initialDocState).toHaveProperty([field], value);
  });

  it('spec §3 initial value: docData is empty with the default param', () => {
    expect(initialDocState.docData).toMatchObject({
      title: '',
      watermarkInfo: {},
      pageSize: [],
      pageCount: 0,
      loadedCount: 0,
      docOutline: [],
      param: PARAM_DEFAULTS,
    });
  });

  it('Folio initial value: the outline panel starts closed', () => {
    expect(initialDocState.showOutline).toBe(false);
  });

  it('spec §3 initial value: key is a random refresh token', () => {
    expect(initialDocState.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('spec §9 constants: initial zoom 1 within min 0.2 and max 2, initial page 1', () => {
    expect(initialDocState.zoom).toBe(1);
    expect(PARAM_DEFAULTS.minZoomRatio).toBe(0.2);
    expect(PARAM_DEFAULTS.maxZoomRatio).toBe(2);
    expect(initialDocState.currentPage).toBe(1);
  });
});

const five = (currentPage: number) => docState({ currentPage }, { pageCount: 5 });
const custom = (zoom: number) => docState({ zoom }, {}, { minZoomRatio: 0.5, maxZoomRatio: 4 });
const sigs = [signature(0, 'a'), signature(1, 'b'), signature(2, 'c')];

const rows: Row[] = [
  // spec §4 zoom
  ...[
    [150, 1.5],
    [100, 1],
    [75, 0.75],
    [123.456, 1.23],
    [99.999, 1],
  ].map(([percent = 0, zoom]) => ({
    rule: `spec §4 zoom: exact percentage is divided by 100 and rounded (${percent} → ${zoom})`,
    state: docState(),
    action: A.zoomTo(percent),
    expected: { zoom },
  })),
  ...[
    [1, 1, 1.2],
    [1, -1, 0.8],
    [1, 2, 1.4],
    [1.2, 2, 1.6],
    [0.6, -1, 0.4],
  ].map(([from = 0, units = 0, zoom]) => ({
    rule: `spec §4 zoom: steps of 0.2 per unit are added (${from} + ${units} units → ${zoom})`,
    state: docState({ zoom: from }),
    action: A.zoomBy(units),
    expected: { zoom },
  })),
  {
    rule: 'spec §4 zoom: steps are rounded to 2 decimals (1 + 3 × 0.2 is 1.6, not 1.6000000000000001)',
    state: docState({ zoom: 1 }),
    action: A.zoomBy(3),
    expected: { zoom: 1.6 },
  },
  {
    rule: 'spec §4 zoom: steps from an unrounded zoom are rounded to 2 decimals (1.234 + 0.2 → 1.43)',
    state: docState({ zoom: 1.234 }),
    action: A.zoomBy(1),
    expected: { zoom: 1.43 },
  },
  {
    rule: 'spec §4 zoom: a percentage is rounded to 2 decimals without binary error (100.5 → 1.01)',
    state: docState(),
    action: A.zoomTo(100.5),
    expected: { zoom: 1.01 },
  },
  ...(
    [
      [A.zoomTo(500), 2, 'exact 500 % → max 2'],
      [A.zoomTo(10), 0.2, 'exact 10 % → min 0.2'],
      [A.zoomBy(10), 2, 'ten steps in → max 2'],
      [A.zoomBy(-10), 0.2, 'ten steps out → min 0.2'],
      [A.zoomTo(-50), 0.2, 'a negative percentage → min 0.2'],
    ] as const satisfies readonly (readonly [Action<unknown>, number, string])[]
  ).map(([action, zoom, what]) => ({
    rule: `spec §5 zoom: clamped to the default ratios [0.2, 2] (${what})`,
    state: docState({ zoom: 1 }),
    action,
    expected: { zoom },
  })),
  {
    rule: 'spec §5 zoom: clamped at max when already at max (2 + 1 step → 2)',
    state: docState({ zoom: 2 }),
    action: A.zoomBy(1),
    expected: { zoom: 2 },
  },
  ...(
    [
      [A.zoomTo(300), 3, 'exact 300 % → 3, beyond the default max'],
      [A.zoomTo(450), 4, 'exact 450 % → custom max 4'],
      [A.zoomBy(-5), 0.5, 'five steps out → custom min 0.5'],
      [A.zoomTo(30), 0.5, 'exact 30 % → custom min 0.5'],
    ] as const satisfies readonly (readonly [Action<unknown>, number, string])[]
  ).map(([action, zoom, what]) => ({
    rule: `spec §5 zoom: clamped to custom ratios [0.5, 4] from docData.param (${what})`,
    state: custom(1),
    action,
    expected: { zoom },
  })),
  {
    rule: 'spec §5 zoom: a non-number percentage changes nothing',
    state: docState({ zoom: 1.4 }),
    action: A.zoomTo(Number.NaN),
    expected: { zoom: 1.4 },
  },

  // spec §4 rotation
  ...[
    [0, 1, 90, '+90 per unit'],
    [0, -1, -90, '-90 per unit'],
    [90, 1, 180, '+90 from 90'],
    [0, 2, 180, 'two units at once'],
    [180, 0, 0, 'a value of 0 resets'],
    [-270, 0, 0, 'a value of 0 resets a negative rotation'],
    [270, 1, 0, 'reaching +360 resets to 0'],
    [-270, -1, 0, 'reaching -360 resets to 0'],
    [270, 2, 90, 'going past +360 wraps to 90'],
    [0, 5, 90, 'five units wrap to 90'],
    [-180, -3, -90, 'going past -360 wraps to -90'],
  ].map(([from = 0, units = 0, rotate = 0, what = '']) => ({
    rule: `spec §4 rotation: ${String(what)} (${from} by ${units} → ${rotate})`,
    state: docState({ rotate: from as number }),
    action: A.rotateBy(units as number),
    expected: { rotate: rotate as number },
  })),

  // spec §4 / §5 pages
  {
    rule: 'spec §4 page: next page moves on',
    state: five(3),
    action: A.nextPage(),
    expected: { currentPage: 4 },
  },
  {
    rule: 'spec §4 page: next page stops at pageCount',
    state: five(5),
    action: A.nextPage(),
    expected: { currentPage: 5 },
  },
  {
    rule: 'spec §5 page: next page stays at 1 while pageCount is 0',
    state: docState({ currentPage: 1 }, { pageCount: 0 }),
    action: A.nextPage(),
    expected: { currentPage: 1 },
  },
  {
    rule: 'spec §4 page: previous page moves back',
    state: five(2),
    action: A.prevPage(),
    expected: { currentPage: 1 },
  },
  {
    rule: 'spec §4 page: previous page stops at 1',
    state: five(1),
    action: A.prevPage(),
    expected: { currentPage: 1 },
  },
  ...(
    [
      [3, 3, 'a page within range is set'],
      [0, 1, 'a page of 0 gives page 1'],
      ['', 1, 'an empty page gives page 1'],
      ['  ', 1, 'a blank page gives page 1'],
      [null, 1, 'a null page gives page 1'],
      [undefined, 1, 'an undefined page gives page 1'],
      ['4', 4, 'page text is read as a number'],
      [' 2 ', 2, 'page text is trimmed'],
      [99, 5, 'a page beyond pageCount stops at pageCount'],
      [-2, 1, 'a negative page stops at 1'],
      [2.7, 2, 'a fractional page is floored'],
      ['2.7', 2, 'fractional page text is floored'],
      ['0', 1, 'page text "0" gives page 1'],
      ['abc', 3, 'text that is not a number keeps the page'],
      ['0x10', 3, 'hexadecimal text is not a page number and keeps the page'],
      [Number.NaN, 3, 'NaN keeps the page'],
    ] as const
  ).map(([page, expected, what]) => ({
    rule: `spec §4/§5 page: ${what} (set ${typeof page === 'string' ? JSON.stringify(page) : String(page)} of 5 → ${expected})`,
    state: five(3),
    action: A.setPage(page),
    expected: { currentPage: expected },
  })),
  {
    rule: 'spec §5 page: any page is 1 while pageCount is 0',
    state: docState({ currentPage: 1 }, { pageCount: 0 }),
    action: A.setPage(3),
    expected: { currentPage: 1 },
  },
  {
    rule: 'spec §5 page: pdf.js page count replaces the facility count and re-clamps the page',
    state: docState({ currentPage: 9 }, { pageCount: 10, loadedCount: 10 }),
    action: A.setPageCount(4),
    expected: { currentPage: 4, docData: { pageCount: 4, loadedCount: 4 } },
  },
  {
    rule: 'embedding: pdf.js page count means the PDF is open, and clears a failure to open it',
    state: docState({ pdfFailure: { kind: 'network' } }),
    action: A.setPageCount(4),
    expected: { pagesOpened: true, pdfFailure: undefined },
  },
  {
    rule: 'embedding: a failure to open the PDF is kept for the host events',
    state: docState(),
    action: A.pdfFailed({ kind: 'unavailable', status: 403 }),
    expected: { pdfFailure: { kind: 'unavailable', status: 403 } },
  },
  {
    rule: 'the open document: openPages of a new URL starts its open state over',
    state: docState({ pagesUrl: 'a', pagesReady: true, pdfProgress: { loaded: 5, total: 9 } }),
    action: A.openPages({ url: 'b' }),
    expected: { pagesUrl: 'b', pagesReady: false, pdfProgress: { loaded: 0, total: 0 } },
  },
  {
    rule: 'the open document: the same URL asked for again keeps its progress',
    state: docState({ pagesUrl: 'a', pdfProgress: { loaded: 5, total: 9 } }),
    action: A.openPages({ url: 'a' }),
    expected: { pagesUrl: 'a', pdfProgress: { loaded: 5, total: 9 } },
  },
  {
    rule: 'the open document: Retry (again) clears the failure',
    state: docState({ pagesUrl: 'a', pdfFailure: { kind: 'network' } }),
    action: A.openPages({ url: 'a', again: true }),
    expected: { pagesUrl: 'a', pdfFailure: undefined },
  },
  {
    rule: 'the open document: closePages leaves no PDF',
    state: docState({ pagesUrl: 'a', pagesReady: true }),
    action: A.closePages(),
    expected: { pagesUrl: undefined, pagesReady: false },
  },
  {
    rule: 'the open document: a password question is a flag',
    state: docState({ pagesUrl: 'a' }),
    action: A.pdfPasswordAsked('incorrect'),
    expected: { pdfPassword: 'incorrect' },
  },
  {
    rule: 'the open document: the answer closes the question and the password is not kept',
    state: docState({ pagesUrl: 'a', pdfPassword: 'needed' }),
    action: A.answerPassword('s3cret'),
    expected: { pdfPassword: undefined },
  },

  {
    rule: 'embedding: the host command opens the pad as a dialog on desktop',
    state: docState(),
    action: A.openSignPad(false),
    expected: { signState: true, mobileSignState: false },
  },
  {
    rule: 'embedding: the host command opens the full-screen pad on phones',
    state: docState({ signState: false }),
    action: A.openSignPad(true),
    expected: { signState: false, mobileSignState: true },
  },

  // spec §4 fullscreen, thumbnail, mobile menu
  {
    rule: 'spec §4 fullscreen: can be shown',
    state: docState(),
    action: A.showFullscreen(),
    expected: { showFullscreen: true },
  },
  {
    rule: 'spec §4 fullscreen: showing it again keeps it shown',
    state: docState({ showFullscreen: true }),
    action: A.showFullscreen(),
    expected: { showFullscreen: true },
  },
  {
    rule: 'spec §4 fullscreen: can be cancelled',
    state: docState({ showFullscreen: true }),
    action: A.cancelFullscreen(),
    expected: { showFullscreen: false },
  },
  {
    rule: 'spec §4 fullscreen: toggles on',
    state: docState(),
    action: A.toggleFullscreen(),
    expected: { showFullscreen: true },
  },
  {
    rule: 'spec §4 fullscreen: toggles off',
    state: docState({ showFullscreen: true }),
    action: A.toggleFullscreen(),
    expected: { showFullscreen: false },
  },
  {
    rule: 'spec §4 thumbnail: toggles open',
    state: docState(),
    action: A.toggleThumbnail(),
    expected: { showThumbnail: true },
  },
  {
    rule: 'spec §4 thumbnail: toggles closed',
    state: docState({ showThumbnail: true }),
    action: A.toggleThumbnail(),
    expected: { showThumbnail: false },
  },
  {
    rule: 'spec §4 thumbnail: set open explicitly',
    state: docState(),
    action: A.setThumbnail(true),
    expected: { showThumbnail: true },
  },
  {
    rule: 'spec §4 thumbnail: set closed explicitly',
    state: docState({ showThumbnail: true }),
    action: A.setThumbnail(false),
    expected: { showThumbnail: false },
  },
  {
    rule: 'Folio side area: opening the thumbnails closes the outline',
    state: docState({ showOutline: true }),
    action: A.toggleThumbnail(),
    expected: { showThumbnail: true, showOutline: false },
  },
  {
    rule: 'Folio side area: setting the thumbnails open closes the outline',
    state: docState({ showOutline: true }),
    action: A.setThumbnail(true),
    expected: { showThumbnail: true, showOutline: false },
  },
  {
    rule: 'Folio side area: closing the thumbnails leaves the outline as it is',
    state: docState({ showThumbnail: false, showOutline: true }),
    action: A.setThumbnail(false),
    expected: { showThumbnail: false, showOutline: true },
  },
  {
    rule: 'Folio outline: toggles open and closes the thumbnails',
    state: docState({ showThumbnail: true }),
    action: A.toggleOutline(),
    expected: { showOutline: true, showThumbnail: false },
  },
  {
    rule: 'Folio outline: toggles closed',
    state: docState({ showOutline: true }),
    action: A.toggleOutline(),
    expected: { showOutline: false, showThumbnail: false },
  },
  {
    rule: 'Folio outline: set open explicitly, closing the thumbnails',
    state: docState({ showThumbnail: true }),
    action: A.setOutline(true),
    expected: { showOutline: true, showThumbnail: false },
  },
  {
    rule: 'Folio outline: set closed explicitly, the thumbnails stay closed',
    state: docState({ showOutline: true }),
    action: A.setOutline(false),
    expected: { showOutline: false, showThumbnail: false },
  },
  {
    rule: 'spec §4 mobile menu: toggles open',
    state: docState(),
    action: A.toggleMobileMenu(),
    expected: { showMobileMenu: true },
  },
  {
    rule: 'spec §4 mobile menu: toggles closed',
    state: docState({ showMobileMenu: true }),
    action: A.toggleMobileMenu(),
    expected: { showMobileMenu: false },
  },

  // spec §4 signature states and flags
  {
    rule: 'spec §4 signature state: toggles on',
    state: docState(),
    action: A.toggleSignState(),
    expected: { signState: true },
  },
  {
    rule: 'spec §4 signature state: toggles off',
    state: docState({ signState: true }),
    action: A.toggleSignState(),
    expected: { signState: false },
  },
  {
    rule: 'spec §4 mobile signature state: toggles on',
    state: docState(),
    action: A.toggleMobileSignState(),
    expected: { mobileSignState: true },
  },
  {
    rule: 'spec §4 mobile signature state: toggles off',
    state: docState({ mobileSignState: true }),
    action: A.toggleMobileSignState(),
    expected: { mobileSignState: false },
  },
  {
    rule: 'spec §4 signed flag: isSigned can be set',
    state: docState(),
    action: A.setSigned(true),
    expected: { isSigned: true },
  },
  {
    rule: 'spec §4 signed flag: isSigned can be cleared',
    state: docState({ isSigned: true }),
    action: A.setSigned(false),
    expected: { isSigned: false },
  },
  {
    rule: 'spec §4 signed flag: isMobSigned can be set',
    state: docState(),
    action: A.setMobSigned(true),
    expected: { isMobSigned: true },
  },
  {
    rule: 'spec §4 signed flag: isMobSigned can be cleared',
    state: docState({ isMobSigned: true }),
    action: A.setMobSigned(false),
    expected: { isMobSigned: false },
  },

  // spec §4 signature items
  {
    rule: 'spec §4 signature: inserted into an empty list',
    state: docState(),
    action: A.insertSignature(signature(0, 'new')),
    expected: { signDataArr: [{ image: 'new' }] },
  },
  {
    rule: 'spec §4 signature: inserted at the position given by its canvasNum',
    state: docState({ signDataArr: [signature(0, 'a'), signature(2, 'c')] }),
    action: A.insertSignature(signature(1, 'new')),
    expected: { signDataArr: [{ image: 'a' }, { image: 'new' }, { image: 'c' }] },
  },
  {
    rule: 'spec §4 signature: canvasNum 0 inserts first',
    state: docState({ signDataArr: [signature(0, 'a')] }),
    action: A.insertSignature(signature(0, 'new')),
    expected: { signDataArr: [{ image: 'new' }, { image: 'a' }] },
  },
  {
    rule: 'spec §4 signature: a canvasNum beyond the list appends (clamped to its length)',
    state: docState({ signDataArr: [signature(0, 'a')] }),
    action: A.insertSignature(signature(7, 'new')),
    expected: { signDataArr: [{ image: 'a' }, { image: 'new', canvasNum: 7 }] },
  },
  {
    rule: 'spec §4 signature: a negative canvasNum inserts first (clamped to 0)',
    state: docState({ signDataArr: [signature(0, 'a')] }),
    action: A.insertSignature(signature(-3, 'new')),
    expected: { signDataArr: [{ image: 'new' }, { image: 'a' }] },
  },
  {
    rule: 'spec §4 signature: removed by index',
    state: docState({ signDataArr: sigs }),
    action: A.removeSignature(1),
    expected: { signDataArr: [{ image: 'a' }, { image: 'c' }] },
  },
  {
    rule: 'spec §4 signature: removing an index with no item changes nothing',
    state: docState({ signDataArr: sigs }),
    action: A.removeSignature(3),
    expected: { signDataArr: [{ image: 'a' }, { image: 'b' }, { image: 'c' }] },
  },
  {
    rule: 'spec §4 signature: all items are cleared',
    state: docState({ signDataArr: sigs }),
    action: A.clearSignatures(),
    expected: { signDataArr: [] },
  },
  {
    rule: 'Folio signature: moved or resized by index, in PDF points',
    state: docState({ signDataArr: sigs }),
    action: A.moveSignature({ index: 1, box: { x: 50, y: 60, width: 90, height: 30 } }),
    expected: {
      signDataArr: [
        { image: 'a', x: 10 },
        { image: 'b', canvasNum: 1, x: 50, y: 60, width: 90, height: 30 },
        { image: 'c', x: 10 },
      ],
    },
  },
  {
    rule: 'Folio signature: a move to an index with no item or an empty box changes nothing',
    state: docState({ signDataArr: sigs }),
    action: A.moveSignature({ index: 5, box: { x: 50, y: 60, width: 90, height: 30 } }),
    expected: { signDataArr: [{ x: 10 }, { x: 10 }, { x: 10 }] },
  },
  {
    rule: 'Folio signature: a box without area is refused',
    state: docState({ signDataArr: sigs }),
    action: A.moveSignature({ index: 0, box: { x: 50, y: 60, width: 0, height: 30 } }),
    expected: { signDataArr: [{ x: 10, width: 120 }, {}, {}] },
  },
  {
    rule: 'Folio signature: the kept list is restored as it was',
    state: docState(),
    action: A.restoreSignatures([signature(3, 'x'), signature(0, 'y')]),
    expected: {
      signDataArr: [
        { image: 'x', canvasNum: 3 },
        { image: 'y', canvasNum: 0 },
      ],
    },
  },

  // spec §4 watermark
  {
    rule: 'spec §4 watermark: info is merged into the existing watermarkInfo',
    state: docState({}, { watermarkInfo: { text: 'alice', fontSize: 16 } }),
    action: A.mergeWatermark({ color: 'rgba(0,0,0,0.15)' }),
    expected: {
      docData: { watermarkInfo: { text: 'alice', fontSize: 16, color: 'rgba(0,0,0,0.15)' } },
    },
  },
  {
    rule: 'spec §4 watermark: merged fields replace the existing ones',
    state: docState({}, { watermarkInfo: { text: 'alice', fontSize: 16 } }),
    action: A.mergeWatermark({ text: 'bob' }),
    expected: { docData: { watermarkInfo: { text: 'bob', fontSize: 16 } } },
  },

  // spec §4 setters
  ...(
    [
      [A.setShowHeader(true), 'showHeader', true],
      [A.setShowFooter(true), 'showFooter', true],
      [A.setShowNum(false), 'showNum', false],
      [A.setShowZoom(true), 'isShowZoom', true],
      [A.setMobScaleDisabled(true), 'isMobScaleDisabled', true],
    ] as const
  ).map(([action, flag, value]) => ({
    rule: `spec §4 setter: ${action.type} sets param.${flag} to ${value}`,
    state: docState(),
    action,
    expected: { docData: { param: { ...PARAM_DEFAULTS, [flag]: value } } },
  })),

  // Folio: page sizes and the fetch's internal transitions
  {
    rule: 'Folio page sizes: a laid-out page fills currentPagesSize by index',
    state: docState({ currentPagesSize: { 0: { width: 1, height: 2 } } }),
    action: A.setPageSize({ index: 2, size: { width: 612, height: 792 } }),
    expected: { currentPagesSize: { 0: { width: 1, height: 2 }, 2: { width: 612, height: 792 } } },
  },
  {
    rule: 'Folio page sizes: a size that is not finite and positive is ignored',
    state: docState(),
    action: A.setPageSize({ index: 0, size: { width: Number.NaN, height: -1 } }),
    expected: { currentPagesSize: {} },
  },
  {
    rule: "Folio page sizes: pdf.js's sizes of every page replace the map, skipping invalid ones",
    state: docState({ currentPagesSize: { 5: { width: 1, height: 2 } } }),
    action: A.setPagesSize([
      { width: 612, height: 792 },
      { width: 0, height: 792 },
      { width: 792, height: 612 },
    ]),
    expected: {
      currentPagesSize: { 0: { width: 612, height: 792 }, 2: { width: 792, height: 612 } },
    },
  },
  {
    rule: 'Folio fetch: starting another document resets the per-document fields',
    state: docState(
      {
        docId: 'a',
        currentPage: 4,
        zoom: 1.6,
        rotate: 90,
        signDataArr: sigs,
        isSigned: true,
        status: 'ready',
      },
      { pageCount: 9, title: 'A' },
    ),
    action: A.fetchStarted('b'),
    expected: {
      docId: 'b',
      status: 'loading',
      currentPage: 1,
      zoom: 1,
      rotate: 0,
      signDataArr: [],
      isSigned: false,
      docData: { pageCount: 0, title: '' },
    },
  },
  {
    rule: "Folio fetch: retrying the same document keeps the reader's page and clears the error",
    state: docState(
      { docId: 'a', currentPage: 4, status: 'error', error: { kind: 'network' } },
      { pageCount: 9 },
    ),
    action: A.fetchStarted('a'),
    expected: { docId: 'a', status: 'loading', error: undefined, currentPage: 4 },
  },
  {
    rule: 'Folio fetch: converting shows the progress',
    state: docState({ status: 'loading' }),
    action: A.converting({ loadedCount: 3, pageCount: 14 }),
    expected: { status: 'converting', docData: { loadedCount: 3, pageCount: 14 } },
  },
  {
    rule: 'spec §7 fetch: save stores the answer whole as docData, its mimeType beside it (spec §3), and re-clamps zoom and page',
    state: docState({ status: 'converting', zoom: 1.8, currentPage: 12 }),
    action: A.save({
      docData: {
        ...initialDocState.docData,
        title: 'T',
        pageCount: 3,
        loadedCount: 3,
        param: { ...PARAM_DEFAULTS, maxZoomRatio: 1.5 },
        fileUrl: 'http://x/api/documents/t/content',
        originalUrl: 'http://x/api/documents/t/original',
      },
      mimeType: 'application/pdf',
    }),
    expected: {
      status: 'ready',
      zoom: 1.5,
      currentPage: 3,
      mimeType: 'application/pdf',
      docData: {
        title: 'T',
        pageCount: 3,
        fileUrl: 'http://x/api/documents/t/content',
        originalUrl: 'http://x/api/documents/t/original',
      },
    },
  },
  {
    rule: 'Folio fetch: a failure keeps the document and records the typed error',
    state: docState({ status: 'loading' }, { title: 'kept' }),
    action: A.failed({ kind: 'facility', status: 503 }),
    expected: {
      status: 'error',
      error: { kind: 'facility', status: 503 },
      docData: { title: 'kept' },
    },
  },
];

describe('spec §4–§5 doc reducers', () => {
  it.each(rows)('$rule', ({ state, action, expected }) => {
    const next = reduce(state, action);
    expect(next).toMatchObject(expected);
  });

  it('the open document: no reducer keeps the password the reader answers', () => {
    const next = reduce(docState({ pdfPassword: 'needed' }), A.answerPassword('s3cret'));
    expect(JSON.stringify(next)).not.toContain('s3cret');
  });

  it('spec §4 rotation: reaching -360 gives 0, never -0', () => {
    expect(Object.is(reduce(docState({ rotate: -270 }), A.rotateBy(-1)).rotate, 0)).toBe(true);
  });

  it('spec §4 refresh: generates a new random key', () => {
    const state = docState();
    const keys = new Set([state.key]);
    for (let i = 0; i < 20; i++) keys.add(reduce(state, A.refresh()).key);
    expect(keys.size).toBe(21);
    expect(reduce(state, A.refresh()).key).toMatch(/^[0-9a-f]{32}$/);
  });

  it("Folio page sizes: pdf.js's sizes replace the whole map, not merge into it", () => {
    const state = docState({ currentPagesSize: { 5: { width: 1, height: 2 } } });
    const next = reduce(state, A.setPagesSize([{ width: 612, height: 792 }]));
    expect(next.currentPagesSize).toEqual({ 0: { width: 612, height: 792 } });
  });

  it('spec §4 setters: a setter changes its own flag and no other', () => {
    const next = reduce(docState(), A.setShowZoom(true));
    expect(next.docData.param).toEqual({ ...PARAM_DEFAULTS, isShowZoom: true });
    expect(next.docData.param).not.toBe(PARAM_DEFAULTS);
  });

  it('phones: fitWidth sets the fitted zoom (2 decimals, clamped) until the reader chooses one', () => {
    const fitted = reduce(docState(), A.fitWidth(0.4567));
    expect(fitted).toMatchObject({ zoom: 0.46, zoomChosen: false });
    expect(reduce(docState(), A.fitWidth(0.05)).zoom).toBe(0.2);
    // Steps go from the fitted zoom, and from then on the reader's zoom stays.
    const stepped = reduce(fitted, A.zoomBy(1));
    expect(stepped).toMatchObject({ zoom: 0.66, zoomChosen: true });
    expect(reduce(stepped, A.fitWidth(0.5)).zoom).toBe(0.66);
    // #zoom= (applied with zoomTo) wins over any later fit.
    const hashed = reduce(docState(), A.zoomTo(150));
    expect(reduce(hashed, A.fitWidth(0.46)).zoom).toBe(1.5);
  });

  it('phones: another document is fitted again; a retry of the same one keeps the choice', () => {
    const chosen = reduce(docState({ docId: 'a' }), A.zoomTo(150));
    expect(reduce(chosen, A.fetchStarted('b')).zoomChosen).toBe(false);
    expect(reduce(chosen, A.fetchStarted('a')).zoomChosen).toBe(true);
  });

  it('reducers are immutable: the input state is never changed and a change is a new object', () => {
    const state = docState({ signDataArr: sigs });
    const snapshot = structuredClone(state);
    const next = reduce(state, A.removeSignature(0));
    expect(state).toEqual(snapshot);
    expect(next).not.toBe(state);
    expect(next.signDataArr).not.toBe(state.signDataArr);
  });
});

describe('doc action creators (typed, namespaced)', () => {
  it.each([
    [A.zoomTo(120), { type: 'doc/zoomTo', payload: 120 }],
    [A.zoomBy(-1), { type: 'doc/zoomBy', payload: -1 }],
    [A.rotateBy(1), { type: 'doc/rotateBy', payload: 1 }],
    [A.nextPage(), { type: 'doc/nextPage', payload: undefined }],
    [A.setPage('7'), { type: 'doc/setPage', payload: '7' }],
    [A.refresh(), { type: 'doc/refresh', payload: undefined }],
    [A.fetch('report.pdf'), { type: 'doc/fetch', payload: 'report.pdf' }],
  ])('%o', (action, expected) => {
    expect(action).toEqual(expected);
  });
});
