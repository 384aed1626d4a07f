/** contracts §3 `previews`: the placeholders hold the facility's previews (docs/architecture.md, "Page previews"). */
import { act } from '@testing-library/react';
import { pagePreviewsActions } from '../../../models/pagePreviews';
import { A4, createTestApp, renderWithProviders } from '../../../test/renderWithProviders';
import { PageSkeleton } from '../PageSkeleton';

const previews = {
  url: 'http://facility.test/api/documents/sample.pdf/previews/h/{page}-{width}.webp',
  pages: 2,
  widths: [240, 480, 960],
};
// A4 at zoom 1 is 793 CSS pixels wide; jsdom's devicePixelRatio is 1: the 960 image.
const PAGE_1 = 'http://facility.test/api/documents/sample.pdf/previews/h/1-960.webp';
const sizes = [A4, A4, A4];

function setup(props: { over?: boolean; drawn?: number[]; only?: number } = {}) {
  const app = createTestApp({ doc: { docData: { previews, pageCount: 3 } } });
  const view = renderWithProviders(
    <PageSkeleton
      sizes={sizes}
      zoom={1}
      rotate={0}
      only={props.only}
      over={props.over ?? false}
      drawn={props.drawn ?? []}
    />,
    { app },
  );
  const load = (url: string, src: string) => {
    act(() => {
      app.dispatch(pagePreviewsActions.loaded({ url, src }));
    });
  };
  return { app, view, load };
}

describe('PageSkeleton with previews', () => {
  it('asks for each previewed page at the width it shows at, and none beyond the pages offered', () => {
    const { app } = setup();
    const asked = Object.keys(app.store.getState().pagePreviews.images);
    expect(asked.sort()).toEqual([PAGE_1, PAGE_1.replace('/1-', '/2-')]);
  });

  it('draws a loaded preview in its page, as a picture that takes no pointer or drag', () => {
    const { view, load } = setup();
    load(PAGE_1, 'blob:http://localhost/one');
    const image = view.container.querySelector('img.folio-preview');
    expect(image).toHaveAttribute('data-preview-page', '1');
    expect(image).toHaveAttribute('src', 'blob:http://localhost/one');
    expect(image).toHaveAttribute('draggable', 'false');
    expect(image).toHaveAttribute('elementtiming', 'folio-preview');
    expect(image?.closest('[data-skeleton-page]')).toHaveAttribute('data-skeleton-page', '1');
    expect(view.container.querySelector('.folio-skeleton')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows a loaded image of another width while the wanted one is on its way', () => {
    const { view, load } = setup();
    load(PAGE_1.replace('-960', '-240'), 'blob:http://localhost/small');
    expect(view.container.querySelector('img.folio-preview')).toHaveAttribute(
      'src',
      'blob:http://localhost/small',
    );
  });

  it('steps aside for a page pdf.js has drawn, and turns clear over its pages', () => {
    const { view, load } = setup({ over: true, drawn: [1] });
    load(PAGE_1, 'blob:http://localhost/one');
    expect(view.container.querySelector('img.folio-preview')).toBeNull();
    expect(view.container.querySelector('.folio-skeleton')).toHaveClass('folio-skeleton-over');
  });

  it('one page at a time shows only that page', () => {
    const { view } = setup({ only: 2 });
    const pages = view.container.querySelectorAll('[data-skeleton-page]');
    expect([...pages].map((p) => p.getAttribute('data-skeleton-page'))).toEqual(['2']);
  });
});
