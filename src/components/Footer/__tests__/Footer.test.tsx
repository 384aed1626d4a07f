import { act, screen, within } from '@testing-library/react';
import { Footer } from '..';
import { docActions } from '../../../models/doc';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { PreloadedDoc } from '../../../test/renderWithProviders';

const footer = () => screen.getByRole('contentinfo', { name: 'Reading status' });

function renderFooter(doc: PreloadedDoc, locale: 'en' | 'zh-CN' = 'en') {
  return renderWithProviders(<Footer />, { locale, preloadedState: { doc } });
}

describe('Footer (contracts §5b showFooter)', () => {
  it.each([
    [true, true],
    [false, false],
  ])('showFooter %p: present %p', (showFooter, present) => {
    renderFooter({ docData: { param: { showFooter } } });
    if (present) expect(footer()).toBeInTheDocument();
    else expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('is absent by default (spec §3 showFooter false)', () => {
    renderFooter({});
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('shows the page as n / N and the zoom as a percentage, following the model', () => {
    const { app } = renderFooter({
      currentPage: 4,
      zoom: 1.2,
      docData: { pageCount: 9, param: { showFooter: true } },
    });
    expect(within(footer()).getByText('4 / 9')).toBeInTheDocument();
    expect(within(footer()).getByText('120%')).toBeInTheDocument();
    act(() => {
      app.dispatch(docActions.nextPage());
      app.dispatch(docActions.zoomBy(-1));
    });
    expect(within(footer()).getByText('5 / 9')).toBeInTheDocument();
    expect(within(footer()).getByText('100%')).toBeInTheDocument();
  });

  it('shows the facility conversion progress while converting, and not once ready', () => {
    // Converting keeps the param of the document shown so far (a retry of the same id).
    const { app } = renderFooter({ docData: { pageCount: 20, param: { showFooter: true } } });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => {
      app.dispatch(docActions.fetchStarted('sample.pdf'));
      app.dispatch(docActions.converting({ loadedCount: 5, pageCount: 20 }));
    });
    expect(within(footer()).getByText('Converting: 5 / 20 pages')).toBeInTheDocument();
    expect(within(footer()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  });

  it('speaks Chinese under zh-CN', () => {
    renderFooter(
      { currentPage: 2, docData: { pageCount: 3, param: { showFooter: true } } },
      'zh-CN',
    );
    const bar = screen.getByRole('contentinfo', { name: '阅读状态' });
    expect(within(bar).getByText('页码')).toBeInTheDocument();
    expect(within(bar).getByText('2 / 3')).toBeInTheDocument();
  });
});
