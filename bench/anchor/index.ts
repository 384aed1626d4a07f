// The benchmark's anchor: a bare pdf.js PDFViewer page, the way pdf.js's own components example
// sets one up, with nothing of Folio's. Same pdfjs-dist as Folio; scale 1.0 (Folio's initial 100 %);
// text layer on (PDFViewer's default); `&zoom=page-width` (the phone profile) fits the page's width
// instead, as pdf.js's viewer does with `#zoom=page-width`. It opens `?doc=<id>` from the facility
// that serves it (`<routerBase>api/documents/<id>/content`, range requests on), and offers the same
// `Page number` input (type + Enter) and `Next page` button the harness drives on Folio.
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import { EventBus, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import 'pdfjs-dist/web/pdf_viewer.css';

/** `pdfjs-<version>/`, set by bench/anchor/webpack.config.ts (DefinePlugin). */
declare const PDFJS_ASSETS: string;

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`#${id} missing`);
  return found;
}

const routerBase = (window as { routerBase?: unknown }).routerBase;
const base = new URL(typeof routerBase === 'string' ? routerBase : '/', window.location.href);
const assets = new URL(PDFJS_ASSETS, base).href;
GlobalWorkerOptions.workerSrc = `${assets}pdf.worker.min.mjs`;

const container = element('viewerContainer', HTMLDivElement);
const pageInput = element('pageNumber', HTMLInputElement);
const numPages = element('numPages', HTMLSpanElement);

const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const viewer = new PDFViewer({ container, eventBus, linkService });
linkService.setViewer(viewer);

const params = new URLSearchParams(window.location.search);
eventBus.on('pagesinit', () => {
  if (params.get('zoom') === 'page-width') viewer.currentScaleValue = 'page-width';
  else viewer.currentScale = 1;
});
eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => {
  pageInput.value = String(pageNumber);
});

pageInput.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter') return;
  const n = Math.trunc(Number(pageInput.value));
  if (Number.isFinite(n)) viewer.currentPageNumber = Math.min(Math.max(n, 1), viewer.pagesCount);
});
element('next', HTMLButtonElement).addEventListener('click', () => {
  viewer.nextPage();
});
element('previous', HTMLButtonElement).addEventListener('click', () => {
  viewer.previousPage();
});

async function open(): Promise<void> {
  const id = params.get('doc');
  if (id === null) throw new Error('no ?doc=');
  const pdf = await getDocument({
    url: new URL(`api/documents/${encodeURIComponent(id)}/content`, base).href,
    cMapUrl: `${assets}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${assets}standard_fonts/`,
    wasmUrl: `${assets}wasm/`,
    iccUrl: `${assets}iccs/`,
    enableXfa: false,
  }).promise;
  numPages.textContent = `/ ${pdf.numPages}`;
  viewer.setDocument(pdf);
  linkService.setDocument(pdf, null);
}

open().catch((error: unknown) => {
  document.body.dataset.error = error instanceof Error ? error.message : String(error);
  console.error(error);
});
