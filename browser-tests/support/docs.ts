// The documents the browser tests open, made into a temporary DOCS_DIR when a run starts: the
// samples, broken files of every kind contracts §8 names, and sidecars that make the dev facility
// fail in each way a real one can.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  degrees,
  PDFArray,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  StandardFonts,
} from 'pdf-lib';

import { commentedPdf, stickyNote } from './commentedPdf.ts';
import { buildZip } from '../../facility/archives/__tests__/_zip.ts';
import { emailWithPdf } from './archives.ts';
import { makeDrawnDocs } from './drawn-docs.ts';

const root = path.join(import.meta.dirname, '..', '..');
const samples = path.join(root, 'mock', 'documents');
const fixtures = path.join(import.meta.dirname, '..', 'fixtures');

export const HOSTILE_TITLE = '<img src=x onerror="window.__pwned=1">\u202Eevil';
export const PASSWORD = 'folio-secret';

async function pagesPdf(count: number, title?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= count; i += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page ${String(i)}`, { x: 72, y: 740, size: 36, font });
  }
  if (title !== undefined) doc.setTitle(title);
  return doc.save();
}

/** A page with a sticky note (a Text annotation, no appearance stream): pdf.js draws its icon. */
async function notePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await pagesPdf(1));
  const { context } = doc;
  const note = stickyNote(context);
  doc.getPage(0).node.set(PDFName.of('Annots'), context.obj([note]));
  return doc.save();
}

/**
 * Three pages whose second one cannot be loaded. The page tree is `[[page 1, 42], page 3]`: the
 * inner node's /Count (2) lets pdf.js reach and check the last page without touching the broken
 * kid (a number where a page belongs), so it keeps all three pages and fails on the second alone.
 */
async function badPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await pagesPdf(3));
  const { context } = doc;
  const rootRef = doc.catalog.get(PDFName.of('Pages'));
  const kids = doc.catalog.Pages().lookup(PDFName.of('Kids'), PDFArray);
  const [first, second, third] = [kids.get(0), kids.get(1), kids.get(2)];
  if (!(rootRef instanceof PDFRef) || !(second instanceof PDFRef))
    throw new Error('unexpected tree');
  const inner = context.register(
    context.obj({ Type: 'Pages', Parent: rootRef, Kids: [first, PDFNumber.of(42)], Count: 2 }),
  );
  const firstPage = doc.getPage(0).node;
  firstPage.set(PDFName.of('Parent'), inner);
  doc.catalog.Pages().set(PDFName.of('Kids'), context.obj([inner, third]));
  // Gone from the file too, so pdf.js's recovery scan cannot find the page elsewhere.
  context.delete(second);
  return doc.save({ useObjectStreams: false });
}

/**
 * CSP (docs/deploying.md, "Content-Security-Policy"): a page that pdf.js can only paint with its wasm — a JPEG 2000 image (the top half:
 * red left, blue right; openjpeg.wasm) over a shading whose colours a PostScript function computes
 * (the bottom half: black to green; pdf.js compiles such functions to wasm).
 */
export const WASM_PDF = 'csp-wasm.pdf';

async function wasmPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { context } = doc;
  const page = doc.addPage([400, 400]);
  const jpx = readFileSync(path.join(fixtures, 'jpx-red-blue.j2k'));
  const image = context.stream(jpx, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 128,
    Height: 128,
    Filter: 'JPXDecode',
  });
  const green = context.stream('{ 0 exch 0 }', {
    FunctionType: 4,
    Domain: [0, 1],
    Range: [0, 1, 0, 1, 0, 1],
  });
  const shading = context.obj({
    ShadingType: 2,
    ColorSpace: 'DeviceRGB',
    Coords: [0, 0, 400, 0],
    Function: context.register(green),
    Extend: [true, true],
  });
  page.node.setXObject(PDFName.of('Im1'), context.register(image));
  const resources = page.node.Resources();
  if (!resources) throw new Error('pdf-lib made a page without resources');
  resources.set(PDFName.of('Shading'), context.obj({ Sh1: context.register(shading) }));
  const ops = 'q 400 0 0 200 0 200 cm /Im1 Do Q q 0 0 400 200 re W n /Sh1 sh Q';
  page.node.addContentStream(context.register(context.stream(ops)));
  return doc.save();
}

function sidecar(dir: string, file: string, content: object): void {
  writeFileSync(path.join(dir, `${file}.json`), JSON.stringify(content));
}

export async function makeDocsDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-docs-'));
  for (const name of ['tracemonkey.pdf', 'text-1000.pdf']) {
    copyFileSync(path.join(samples, name), path.join(dir, name));
  }
  copyFileSync(path.join(fixtures, 'password.pdf'), path.join(dir, 'password.pdf'));
  // The paper with every display control on, for the tests of zoom display, footer and header.
  copyFileSync(path.join(samples, 'tracemonkey.pdf'), path.join(dir, 'paper-all.pdf'));
  sidecar(dir, 'paper-all.pdf', {
    param: { isShowZoom: true, showFooter: true, showHeader: true, fullScreen: true },
  });
  // The phone (behaviour.md, "The phone and the shortcuts help"): the zoom display on, a panel and fullscreen for the mobile menu.
  const phone = { isShowZoom: true, showThumb: true, fullScreen: true };
  for (const [name, param] of Object.entries({
    'phone.pdf': phone,
    'phone-noball.pdf': { ...phone, isShowBall: false },
    'phone-noscale.pdf': { ...phone, isMobScaleDisabled: true },
    'phone-vertical.pdf': { ...phone, isVertical: true },
  })) {
    copyFileSync(path.join(samples, 'tracemonkey.pdf'), path.join(dir, name));
    sidecar(dir, name, { param });
  }
  writeFileSync(path.join(dir, WASM_PDF), await wasmPdf());
  const tracemonkey = readFileSync(path.join(samples, 'tracemonkey.pdf'));
  const small = await pagesPdf(3);

  writeFileSync(path.join(dir, 'note.pdf'), await notePdf());
  const commented = await commentedPdf();
  writeFileSync(path.join(dir, 'comments.pdf'), commented);
  writeFileSync(path.join(dir, 'comments-hidden.pdf'), commented);
  sidecar(dir, 'comments-hidden.pdf', {
    param: { showComment: false, print: true, showThumb: true },
  });
  sidecar(dir, 'comments.pdf', { param: { print: true, showThumb: true } });
  writeFileSync(path.join(dir, 'empty.pdf'), new Uint8Array());
  writeFileSync(path.join(dir, 'truncated.pdf'), tracemonkey.subarray(0, 40_000));
  writeFileSync(
    path.join(dir, 'corrupt.pdf'),
    '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\n%%EOF\n',
  );
  writeFileSync(
    path.join(dir, 'html.pdf'),
    '<!doctype html><html><body><script>window.__pwned=1</script>Not a PDF</body></html>\n',
  );
  writeFileSync(path.join(dir, 'bad-page.pdf'), await badPagePdf());
  writeFileSync(path.join(dir, 'hostile.pdf'), await pagesPdf(2, HOSTILE_TITLE));

  const failing = ['fail-500', 'fail-garbage', 'fail-conversion', 'fail-no-converter'];
  for (const name of [...failing, 'slow', 'absurd', 'huge-count', 'converting']) {
    writeFileSync(path.join(dir, `${name}.pdf`), small);
  }
  sidecar(dir, 'fail-500.pdf', { fail: { status: 503, body: { error: 'down' } } });
  sidecar(dir, 'fail-garbage.pdf', {
    fail: { status: 200, body: '<html>not json', contentType: 'text/html' },
  });
  // The production facility's conversion failures (server/, docs/server.md, "npm run serve"), with a hostile reason.
  sidecar(dir, 'fail-conversion.pdf', {
    fail: { status: 502, body: { error: 'conversion_failed', message: CONVERSION_REASON } },
  });
  sidecar(dir, 'fail-no-converter.pdf', {
    fail: { status: 503, body: { error: 'converter_not_installed', message: 'no soffice' } },
  });
  sidecar(dir, 'slow.pdf', { delayMs: 8000 });
  sidecar(dir, 'absurd.pdf', {
    override: { pageCount: -4, pageSize: [{ width: -10, height: 1e12 }], title: 42 },
  });
  sidecar(dir, 'huge-count.pdf', { override: { pageCount: 1e9, loadedCount: 1e9 } });
  // Long enough that the app, booting on a loaded machine, still finds it converting.
  sidecar(dir, 'converting.pdf', { convertMs: 6000 });
  await makePanelDocs(dir);
  await makePolicyDocs(dir);
  makeSearchDocs(dir);
  await makeDrawnDocs(dir);
  makeSignDocs(dir);
  makeHostDocs(dir);
  makeA11yDocs(dir);
  makeListingDocs(dir);
  await makePrintDocs(dir);
  return dir;
}

// The side panels (behaviour.md, "The side panels"): thumbnails and outline.

/** An outline title that is HTML: it must show as these characters and never run. */
export const HOSTILE_OUTLINE_TITLE = '<img src=x onerror=alert(1)>';

/** The entries of outline.pdf: title and 1-based target page (null: a web link, no page). */
export const OUTLINE_ENTRIES: readonly { title: string; page: number | null }[] = [
  { title: 'Introduction', page: 1 },
  { title: HOSTILE_OUTLINE_TITLE, page: 3 },
  { title: 'Web link', page: null },
  { title: 'Conclusion', page: 5 },
];

/** Five pages with a flat outline of OUTLINE_ENTRIES (the web link is a URI action). */
async function outlinePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await pagesPdf(5));
  const { context } = doc;
  const root = context.nextRef();
  const refs = OUTLINE_ENTRIES.map(() => context.nextRef());
  OUTLINE_ENTRIES.forEach(({ title, page }, i) => {
    const target =
      page === null
        ? { A: { S: 'URI', URI: PDFString.of('https://example.com/') } }
        : { Dest: [doc.getPage(page - 1).ref, 'XYZ', null, null, null] };
    context.assign(
      refs[i],
      context.obj({
        Title: PDFHexString.fromText(title),
        Parent: root,
        ...target,
        ...(i > 0 ? { Prev: refs[i - 1] } : {}),
        ...(i < refs.length - 1 ? { Next: refs[i + 1] } : {}),
      }),
    );
  });
  context.assign(
    root,
    context.obj({ Type: 'Outlines', First: refs[0], Last: refs.at(-1), Count: refs.length }),
  );
  doc.catalog.set(PDFName.of('Outlines'), root);
  return doc.save();
}

/**
 * Pages of mixed sizes and rotations: A4 portrait, A4 landscape, A4 portrait with /Rotate 90
 * (shown landscape), a 300 × 300 square.
 */
async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const sizes: [number, number, number][] = [
    [595, 842, 0],
    [842, 595, 0],
    [595, 842, 90],
    [300, 300, 0],
  ];
  sizes.forEach(([width, height, rotate], i) => {
    const page = doc.addPage([width, height]);
    page.drawRectangle({ x: 0, y: height - 60, width, height: 60 });
    page.drawText(`Page ${String(i + 1)}`, { x: 20, y: height - 120, size: 36, font });
    if (rotate !== 0) page.setRotation(degrees(rotate));
  });
  return doc.save();
}

async function makePanelDocs(dir: string): Promise<void> {
  const panels = { param: { showThumb: true, showList: true } };
  copyFileSync(path.join(samples, 'tracemonkey.pdf'), path.join(dir, 'panels-paper.pdf'));
  sidecar(dir, 'panels-paper.pdf', panels);
  copyFileSync(path.join(samples, 'text-1000.pdf'), path.join(dir, 'panels-1000.pdf'));
  sidecar(dir, 'panels-1000.pdf', panels);
  // The facility gives no outline: the viewer reads the PDF's own.
  copyFileSync(path.join(samples, 'text-1000.pdf'), path.join(dir, 'panels-1000-own.pdf'));
  sidecar(dir, 'panels-1000-own.pdf', { ...panels, override: { docOutline: [] } });
  const outline = await outlinePdf();
  writeFileSync(path.join(dir, 'outline.pdf'), outline);
  sidecar(dir, 'outline.pdf', panels);
  writeFileSync(path.join(dir, 'outline-own.pdf'), outline);
  sidecar(dir, 'outline-own.pdf', { ...panels, override: { docOutline: [] } });
  writeFileSync(path.join(dir, 'mixed.pdf'), await mixedPdf());
  sidecar(dir, 'mixed.pdf', panels);
}

// The facility's policy (behaviour.md, "The facility's policy"): download, watermark, anti-copy.

/** The watermark text of policy-watermark.pdf. */
export const WATERMARK_TEXT = 'alice · 2026-11-22';
/** The policy test's watermark: a clear red that pixels tell from any page's black and white. */
export const RED_WATERMARK = {
  text: WATERMARK_TEXT,
  fontSize: 18,
  color: 'rgba(220, 0, 0, 0.4)',
  rotate: -22,
  gap: [80, 80],
};
/** A facility's reason for a failed conversion, with markup that must stay text. */
export const CONVERSION_REASON = 'LibreOffice exited with 1 <img src=x onerror="window.__pwned=1">';
export const HOSTILE_WATERMARK = '<img src=x onerror="window.__pwned=1">';
/** The title policy-viewed.pdf is saved under, before sanitising. */
export const UNSAFE_TITLE = 'Q3/Q4: results*';

async function makePolicyDocs(dir: string): Promise<void> {
  const small = await pagesPdf(3);
  const docs: Record<string, object> = {
    'policy-original.pdf': {},
    'policy-viewed.pdf': { title: UNSAFE_TITLE, param: { isFcsDownload: false } },
    'policy-no-download.pdf': { param: { download: false, showBrowser: true } },
    'policy-select.pdf': { param: { antiCopy: false, select: true } },
    'policy-no-select.pdf': { param: { antiCopy: false, select: false } },
    'policy-watermark.pdf': {
      watermarkInfo: RED_WATERMARK,
    },
    'policy-hostile-watermark.pdf': { watermarkInfo: { text: HOSTILE_WATERMARK } },
  };
  for (const [name, content] of Object.entries(docs)) {
    writeFileSync(path.join(dir, name), small);
    sidecar(dir, name, content);
  }
}

// Search (behaviour.md, "Search"): the paper and the 1000-page document with `showSearch` on (`antiCopy` stays
// at its default, on), and the paper with selectable text, to show that a selection would be seen.
function makeSearchDocs(dir: string): void {
  for (const [copy, original, param] of [
    ['paper-search.pdf', 'tracemonkey.pdf', { showSearch: true }],
    ['text-1000-search.pdf', 'text-1000.pdf', { showSearch: true }],
    [
      'paper-search-select.pdf',
      'tracemonkey.pdf',
      { showSearch: true, antiCopy: false, select: true },
    ],
  ] as const) {
    copyFileSync(path.join(samples, original), path.join(dir, copy));
    sidecar(dir, copy, { param });
  }
}

// Print (behaviour.md, "The facility's policy"): five pages of different shapes, with a blue watermark (a colour no page has),
// the same without a watermark, and with `print` off.

/** The pages of print.pdf in PDF points: portrait, landscape, square, Letter, A5. */
export const PRINT_PAGE_SIZES: readonly (readonly [number, number])[] = [
  [595, 842],
  [842, 595],
  [500, 500],
  [612, 792],
  [420, 595],
];

export const PRINT_WATERMARK = {
  text: 'PRINT MARK',
  fontSize: 28,
  color: 'rgba(0, 0, 255, 0.5)',
  rotate: -30,
  gap: [40, 40],
};

async function makePrintDocs(dir: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  PRINT_PAGE_SIZES.forEach(([width, height], i) => {
    const page = doc.addPage([width, height]);
    page.drawText(`Page ${String(i + 1)}`, { x: 40, y: height - 80, size: 36, font });
  });
  const bytes = await doc.save();
  for (const [name, content] of [
    ['print.pdf', { watermarkInfo: PRINT_WATERMARK }],
    ['print-plain.pdf', {}],
    ['print-off.pdf', { param: { print: false }, watermarkInfo: PRINT_WATERMARK }],
    ['print-wrong-type.pdf', { param: { print: 'true' } }],
  ] as const) {
    writeFileSync(path.join(dir, name), bytes);
    sidecar(dir, name, content);
  }
}

// Signatures (behaviour.md, "Signatures"): the paper with the Sign control, under the default anti-copy and a
// watermark, so the signature is shown to work beneath both.
function makeSignDocs(dir: string): void {
  copyFileSync(path.join(samples, 'tracemonkey.pdf'), path.join(dir, 'sign.pdf'));
  sidecar(dir, 'sign.pdf', {
    title: 'Contract: signed?',
    param: { showSignature: true },
    watermarkInfo: { text: 'reader · 2026-11-22' },
  });
}

// Embedding (docs/embedding.md): a document that offers every command a host may send, with a
// title that is markup-shaped text.
export function makeHostDocs(dir: string): void {
  copyFileSync(path.join(samples, 'tracemonkey.pdf'), path.join(dir, 'host.pdf'));
  sidecar(dir, 'host.pdf', {
    title: 'Host <b>paper</b>',
    param: { showSearch: true, showSignature: true },
  });
}

/** The accessibility audit's paper: every control and panel on. */
export const A11Y_DOC = 'a11y.pdf';
/** One still-converting document per audit run (a conversion runs once per sidecar). */
export const a11yConverting = (run: string) => `a11y-converting-${run}.pdf`;
/** One per audit run whose conversion has converted nothing yet (the spinner) for 40 s. */
export const a11yStarting = (run: string) => `a11y-starting-${run}.pdf`;
export const A11Y_RUNS = ['desktop-en', 'desktop-zh-CN', 'phone-en', 'phone-zh-CN'] as const;

// Accessibility (browser-tests/a11y.test.ts, keyboard.test.ts): the paper with every control,
// and conversions that stay in progress while they are audited.
function makeA11yDocs(dir: string): void {
  copyFileSync(path.join(samples, 'tracemonkey.pdf'), path.join(dir, A11Y_DOC));
  sidecar(dir, A11Y_DOC, {
    param: {
      showThumb: true,
      showList: true,
      showSearch: true,
      showSignature: true,
      isShowZoom: true,
      showFooter: true,
      showHeader: true,
      fullScreen: true,
    },
  });
  // 1000 pages over ten minutes: the first converted page comes within a second. 14 pages over
  // ten minutes: nothing is converted for 43 s, so the spinner stays however busy the machine.
  for (const run of A11Y_RUNS) {
    copyFileSync(path.join(samples, 'text-1000.pdf'), path.join(dir, a11yConverting(run)));
    sidecar(dir, a11yConverting(run), { convertMs: 600_000 });
    copyFileSync(path.join(samples, 'tracemonkey.pdf'), path.join(dir, a11yStarting(run)));
    sidecar(dir, a11yStarting(run), { convertMs: 600_000 });
  }
}

// The listing view (docs/decisions/2026-12-06-listing-view.md): a zip with Chinese names and an
// e-mail with a PDF attachment, listed by the server's side of the listing contract.

export const LISTING_ARCHIVE = 'listing-scans.zip';
export const LISTING_EMAIL = 'listing-contract.eml';
/** The PDF inside the zip that the test opens. */
export const LISTING_ZIP_ENTRY = '季度报告.pdf';

function makeListingDocs(dir: string): void {
  const paper = readFileSync(path.join(samples, 'tracemonkey.pdf'));
  const text = readFileSync(path.join(samples, 'text-1000.pdf'));
  writeFileSync(
    path.join(dir, LISTING_ARCHIVE),
    buildZip(
      [
        { name: `2026/合同/${LISTING_ZIP_ENTRY}`, data: paper },
        { name: '2026/合同/acme.pdf', data: text },
        { name: '2026/说明.txt', data: Buffer.from('你好，Folio\n') },
        { name: 'setup.exe', data: Buffer.from('MZ') },
      ].map((entry) => ({ ...entry, method: 0 as const, utf8: true })),
    ),
  );
  writeFileSync(path.join(dir, LISTING_EMAIL), emailWithPdf(paper, 'contract.pdf'));
}
