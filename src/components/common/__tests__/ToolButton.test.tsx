import { screen } from '@testing-library/react';
import { HeaderBar } from '../../HeaderBar';
import { SidePanelToggles } from '../../SidePanel';
import { renderWithProviders } from '../../../test/renderWithProviders';

describe('ToolButton as a toggle', () => {
  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('keeps the keyboard focus (and its element) when toggled with %s', async (_name, key) => {
    const { user, app } = renderWithProviders(<HeaderBar right={<SidePanelToggles />} />, {
      preloadedState: { doc: { docData: { param: { showThumb: true } } } },
    });
    const toggle = screen.getByRole('button', { name: 'Thumbnails' });
    toggle.focus();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.keyboard(key);
    expect(app.getState().doc.showThumbnail).toBe(true);
    const pressed = screen.getByRole('button', { name: 'Thumbnails' });
    expect(pressed).toBe(toggle);
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toHaveFocus();

    await user.keyboard(key);
    expect(app.getState().doc.showThumbnail).toBe(false);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveFocus();
  });
});
