import type { OpenedDocument } from '../openDocument';
import type { PDFDocumentProxy } from '../pdfjs';

import type * as Preopen from '../preopen';
import type * as Preload from '../../preloadPdf';

type PreopenModule = typeof Preopen;
type PreloadModule = typeof Preload;

interface FakeOpened {
  url: string;
  opened: OpenedDocument;
  destroy: jest.Mock;
  resolve: (pdf: PDFDocumentProxy) => void;
  reject: (error: Error) => void;
}

let opens: FakeOpened[] = [];

jest.mock('../openDocument', () => ({
  openDocument: (url: string): OpenedDocument => {
    let resolve!: (pdf: PDFDocumentProxy) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<PDFDocumentProxy>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const destroy = jest.fn(() => Promise.resolve());
    const opened = {
      task: { destroy } as unknown as OpenedDocument['task'],
      promise,
      attach: jest.fn(),
    };
    opens.push({ url, opened, destroy, resolve, reject });
    return opened;
  },
}));

function fakePdf(): { pdf: PDFDocumentProxy; getPage: jest.Mock } {
  const getPage = jest.fn(() => Promise.resolve({}));
  return { pdf: { getPage } as unknown as PDFDocumentProxy, getPage };
}

// Both modules keep page-long state: each test gets fresh copies that share one preloadPdf.
function fresh(): PreopenModule & PreloadModule {
  let modules: (PreopenModule & PreloadModule) | undefined;
  jest.isolateModules(() => {
    modules = {
      ...jest.requireActual<PreloadModule>('../../preloadPdf'),
      ...jest.requireActual<PreopenModule>('../preopen'),
    };
  });
  if (!modules) throw new Error('modules did not load');
  return modules;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const A = 'http://localhost/api/documents/a/content';
const B = 'http://localhost/api/documents/b/content';

beforeEach(() => {
  opens = [];
  document.head.replaceChildren();
});

describe('preopenNamedPdfs', () => {
  it('opens a PDF named before it started listening, once, and asks for page 1 when open', async () => {
    const m = fresh();
    m.preloadPdf(A);
    m.preopenNamedPdfs();
    m.preopenNamedPdfs();
    m.preloadPdf(A);
    expect(opens.map((o) => o.url)).toEqual([A]);
    const { pdf, getPage } = fakePdf();
    opens[0]?.resolve(pdf);
    await flush();
    expect(getPage).toHaveBeenCalledWith(1);
    expect(m.preopenedPdf(A)).toBe(pdf);
    expect(m.preopenedPdf(B)).toBeUndefined();
  });

  it('gives the document to one claimer only', () => {
    const m = fresh();
    m.preopenNamedPdfs();
    m.preloadPdf(A);
    expect(m.claimPreopened(B)).toBeUndefined();
    expect(m.claimPreopened(A)).toBe(opens[0]?.opened);
    expect(m.claimPreopened(A)).toBeUndefined();
  });

  it('a release followed at once by a claim (StrictMode remount) keeps the document', async () => {
    const m = fresh();
    m.preopenNamedPdfs();
    m.preloadPdf(A);
    const opened = m.claimPreopened(A);
    if (!opened) throw new Error('not claimed');
    expect(m.releasePreopened(opened)).toBe(true);
    expect(m.claimPreopened(A)).toBe(opened);
    await flush();
    expect(opens[0]?.destroy).not.toHaveBeenCalled();
  });

  it('a release nobody follows destroys the document on the next tick', async () => {
    const m = fresh();
    m.preopenNamedPdfs();
    m.preloadPdf(A);
    const opened = m.claimPreopened(A);
    if (!opened) throw new Error('not claimed');
    m.releasePreopened(opened);
    expect(opens[0]?.destroy).not.toHaveBeenCalled();
    await flush();
    expect(opens[0]?.destroy).toHaveBeenCalledTimes(1);
    expect(m.claimPreopened(A)).toBeUndefined();
  });

  it('releasing a document it never opened is left to the caller', () => {
    const m = fresh();
    m.preopenNamedPdfs();
    const stranger = { task: {}, promise: Promise.resolve(), attach: jest.fn() };
    expect(m.releasePreopened(stranger as unknown as OpenedDocument)).toBe(false);
  });

  it('a newly named PDF replaces an unclaimed one, which is destroyed', () => {
    const m = fresh();
    m.preopenNamedPdfs();
    m.preloadPdf(A);
    m.preloadPdf(B);
    expect(opens.map((o) => o.url)).toEqual([A, B]);
    expect(opens[0]?.destroy).toHaveBeenCalledTimes(1);
    expect(m.claimPreopened(A)).toBeUndefined();
    expect(m.claimPreopened(B)).toBe(opens[1]?.opened);
  });

  it('a failure to open is left to the claimer, with nothing unhandled', async () => {
    const m = fresh();
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      m.preopenNamedPdfs();
      m.preloadPdf(A);
      opens[0]?.reject(new Error('broken'));
      await flush();
      expect(m.preopenedPdf(A)).toBeUndefined();
      await expect(m.claimPreopened(A)?.promise).rejects.toThrow('broken');
      await flush();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
