/**
 * The page images (docs/architecture.md, "Page previews") on a real app: each fetched once, a
 * failure left without a preview, and a document's images released when another is fetched (a
 * retry of the same document keeps them), as the doc model's per-document fields start over.
 */
import { docActions } from '../../doc';
import { pagePreviewsActions } from '..';
import { createTestApp } from '../../../test/renderWithProviders';
import { fetchPreviewImage, releasePreviewImage } from '../../../services/pagePreview';

jest.mock('../../../services/pagePreview', () => ({
  fetchPreviewImage: jest.fn(),
  releasePreviewImage: jest.fn(),
}));

const fetchImage = jest.mocked(fetchPreviewImage);
const release = jest.mocked(releasePreviewImage);

const A1 = 'http://facility.test/api/documents/a/previews/h/1-960.webp';
const A2 = 'http://facility.test/api/documents/a/previews/h/2-960.webp';

beforeEach(() => {
  fetchImage.mockReset();
  release.mockReset();
});

/** A fetch the test settles by hand. */
function pending() {
  let settle: (src: string) => void = () => undefined;
  fetchImage.mockImplementationOnce(
    () =>
      new Promise<string>((resolve) => {
        settle = resolve;
      }),
  );
  return (src: string) => {
    settle(src);
  };
}

describe('pagePreviews/load', () => {
  it('fetches an image once, into an object URL; a failure leaves that page without one', async () => {
    const app = createTestApp();
    fetchImage.mockResolvedValueOnce('blob:one').mockRejectedValueOnce(new TypeError('no'));
    await app.dispatch(pagePreviewsActions.load(A1));
    await app.dispatch(pagePreviewsActions.load(A1));
    await app.dispatch(pagePreviewsActions.load(A2));
    expect(fetchImage.mock.calls.map(([url]) => url)).toEqual([A1, A2]);
    expect(app.getState().pagePreviews.images).toEqual({
      [A1]: { status: 'ready', src: 'blob:one' },
      [A2]: { status: 'failed' },
    });
  });
});

describe('pagePreviews/forget', () => {
  it("another document's fetch releases the images and starts over; a retry keeps them", async () => {
    const app = createTestApp();
    app.dispatch(docActions.fetchStarted('a'));
    fetchImage.mockResolvedValueOnce('blob:one');
    await app.dispatch(pagePreviewsActions.load(A1));
    app.dispatch(docActions.fetchStarted('a'));
    expect(app.getState().pagePreviews.images[A1]).toEqual({ status: 'ready', src: 'blob:one' });
    expect(release).not.toHaveBeenCalled();
    app.dispatch(docActions.fetchStarted('b'));
    expect(release.mock.calls).toEqual([['blob:one']]);
    expect(app.getState().pagePreviews.images).toEqual({});
  });

  it('an image that arrives for a document no longer shown is released at once', async () => {
    const app = createTestApp();
    app.dispatch(docActions.fetchStarted('a'));
    const settle = pending();
    const loading = app.dispatch(pagePreviewsActions.load(A1));
    expect(app.getState().pagePreviews.images[A1]).toEqual({ status: 'loading' });
    app.dispatch(docActions.fetchStarted('b'));
    settle('blob:late');
    await loading;
    expect(release.mock.calls).toEqual([['blob:late']]);
    expect(app.getState().pagePreviews.images).toEqual({});
  });
});

describe('pagePreviews/first', () => {
  const previews = { url: 'http://facility.test/p/{page}-{width}.webp', pages: 2, widths: [960] };

  it("asks for page 1's preview as the answer of a document read as pages is stored", () => {
    const app = createTestApp();
    fetchImage.mockResolvedValue('blob:first');
    const { docData } = app.getState().doc;
    app.dispatch(docActions.fetchStarted('a'));
    app.dispatch(
      docActions.save({
        docData: { ...docData, previews, pageCount: 2, pageSize: [{ width: 612, height: 792 }] },
        mimeType: 'application/pdf',
      }),
    );
    expect(fetchImage).toHaveBeenCalledTimes(1);
    expect(fetchImage.mock.calls[0]?.[0]).toMatch(/^http:\/\/facility\.test\/p\/1-960\.webp$/);
  });

  it('asks for none for a view without pages, nor without previews', () => {
    const app = createTestApp();
    const { docData } = app.getState().doc;
    const page = [{ width: 612, height: 792 }];
    app.dispatch(
      docActions.save({
        docData: { ...docData, previews, pageSize: page, view: 'sheet' },
        mimeType: '',
      }),
    );
    app.dispatch(docActions.save({ docData: { ...docData, pageSize: page }, mimeType: '' }));
    expect(fetchImage).not.toHaveBeenCalled();
  });
});
