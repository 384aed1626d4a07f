import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FullscreenButton } from '../FullscreenButton';

describe('FullscreenButton (contracts §5b fullScreen)', () => {
  it('is absent when the facility leaves fullScreen off (spec default false)', () => {
    renderWithProviders(<FullscreenButton />, { preloadedState: { doc: {} } });
    expect(screen.queryByRole('button', { name: 'Fullscreen' })).not.toBeInTheDocument();
  });

  it('toggles the model’s showFullscreen', async () => {
    const { user, store } = renderWithProviders(<FullscreenButton />, {
      preloadedState: { doc: { docData: { param: { fullScreen: true } } } },
    });
    const button = screen.getByRole('button', { name: 'Fullscreen' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(store.getState().doc.showFullscreen).toBe(true);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    expect(store.getState().doc.showFullscreen).toBe(false);
  });

  it('zh-CN names it 全屏', () => {
    renderWithProviders(<FullscreenButton />, {
      preloadedState: { doc: { docData: { param: { fullScreen: true } } } },
      locale: 'zh-CN',
    });
    expect(screen.getByRole('button', { name: '全屏' })).toBeInTheDocument();
  });
});
