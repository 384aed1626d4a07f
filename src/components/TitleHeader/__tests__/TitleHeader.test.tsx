import { screen } from '@testing-library/react';
import { TitleHeader } from '..';
import { renderWithProviders } from '../../../test/renderWithProviders';

describe('TitleHeader (contracts §5b showHeader)', () => {
  it.each([
    [true, true],
    [false, false],
  ])('showHeader %p: present %p', (showHeader, present) => {
    renderWithProviders(<TitleHeader />, {
      preloadedState: { doc: { docData: { title: 'Annual report', param: { showHeader } } } },
    });
    const heading = screen.queryByRole('heading', { name: 'Annual report' });
    if (present) expect(heading).toBeInTheDocument();
    else expect(heading).not.toBeInTheDocument();
  });

  it('is absent by default (spec §3 showHeader false)', () => {
    renderWithProviders(<TitleHeader />, { preloadedState: { doc: {} } });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows the title as plain text, never as markup', () => {
    const title = '<img src=x onerror="alert(1)"> Report';
    const { container } = renderWithProviders(<TitleHeader />, {
      preloadedState: { doc: { docData: { title, param: { showHeader: true } } } },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(container.querySelector('img')).toBeNull();
  });
});
