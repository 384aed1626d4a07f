import type * as Preload from '../preloadPdf';

type PreloadModule = typeof Preload;

// The module keeps the last PDF named for the page's life: each test gets a fresh copy.
function freshModule(): PreloadModule {
  let loaded: PreloadModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<PreloadModule>('../preloadPdf');
  });
  if (!loaded) throw new Error('preloadPdf did not load');
  return loaded;
}

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];

afterEach(() => {
  document.head.replaceChildren();
});

describe('preloadPdf', () => {
  it('adds one fetch preload per URL, CORS-anonymous as pdf.js asks', () => {
    const { preloadPdf } = freshModule();
    preloadPdf('http://localhost/api/documents/a/content');
    preloadPdf('http://localhost/api/documents/a/content');
    expect(preloads()).toHaveLength(1);
    expect(preloads()[0]).toMatchObject({
      as: 'fetch',
      crossOrigin: 'anonymous',
      href: 'http://localhost/api/documents/a/content',
    });
  });

  it('tells listeners each URL named, and a late listener the last one named before', () => {
    const { preloadPdf, onPdfNamed } = freshModule();
    const early = jest.fn();
    onPdfNamed(early);
    preloadPdf('http://localhost/a.pdf');
    preloadPdf('http://localhost/b.pdf');
    expect(early.mock.calls).toEqual([['http://localhost/a.pdf'], ['http://localhost/b.pdf']]);

    const late = jest.fn();
    const stop = onPdfNamed(late);
    expect(late.mock.calls).toEqual([['http://localhost/b.pdf']]);
    stop();
    preloadPdf('http://localhost/c.pdf');
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('a listener that joins before anything is named hears nothing yet', () => {
    const { onPdfNamed } = freshModule();
    const listener = jest.fn();
    onPdfNamed(listener);
    expect(listener).not.toHaveBeenCalled();
  });
});
