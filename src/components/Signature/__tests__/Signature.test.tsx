/**
 * The Sign control (contracts §5, spec §4) with real providers: absent without showSignature, a
 * toggle of signState on desktop that opens the pad (a canvas, Clear, Undo, Confirm); and the
 * box arithmetic of moving and resizing a placed signature.
 */
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { SignButton } from '../SignButton';
import { SignPad } from '../SignPad';
import { moved, resized } from '../PlacedSignature';

// jsdom has no 2D canvas: a stand-in pad with signature_pad's API and no strokes. The real pad
// draws in Chromium (browser-tests/sign.test.ts).
jest.mock('signature_pad', () => ({
  __esModule: true,
  default: class {
    off = jest.fn();
    clear = jest.fn();
    fromData = jest.fn();
    toData = () => [];
    isEmpty = () => true;
    addEventListener = jest.fn();
  },
}));

function renderSign(showSignature: boolean) {
  return renderWithProviders(
    <>
      <SignButton />
      <SignPad />
    </>,
    { preloadedState: { doc: { docData: { param: { showSignature } } } } },
  );
}

describe('Sign control', () => {
  it('contracts §5b showSignature off: no Sign control and no pad', () => {
    renderSign(false);
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('spec §4: Sign toggles signState on desktop and opens the pad with its controls', async () => {
    const { app, user } = renderSign(true);
    const sign = screen.getByRole('button', { name: 'Sign' });
    expect(sign).toHaveAttribute('aria-pressed', 'false');
    await user.click(sign);
    expect(app.getState().doc.signState).toBe(true);
    expect(app.getState().doc.mobileSignState).toBe(false);
    expect(await screen.findByRole('img', { name: 'Signature pad' })).toBeInstanceOf(
      HTMLCanvasElement,
    );
    // Nothing drawn yet: nothing to clear, undo or confirm.
    for (const name of ['Clear', 'Undo', 'Confirm'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(app.getState().doc.signState).toBe(false);
  });
});

describe('a typed name, the keyboard’s way to sign', () => {
  it('typing a name makes Confirm and Clear available; Clear takes the name away', async () => {
    // jsdom draws nothing: the name on the pad is seen in Chromium (browser-tests/keyboard.test.ts).
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { user } = renderSign(true);
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    const name = await screen.findByRole('textbox', { name: 'Or type your name' });
    await user.type(name, 'Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(name).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});

describe('placed signature boxes (fractions of the page)', () => {
  const box = { left: 0.5, top: 0.5, width: 0.2, height: 0.1 };

  it('moves and stays inside the page', () => {
    expect(moved(box, 0.1, -0.2)).toEqual({ ...box, left: 0.6, top: 0.3 });
    expect(moved(box, 0.9, 0.9)).toEqual({ ...box, left: 0.8, top: 0.9 });
    expect(moved(box, -1, -1)).toEqual({ ...box, left: 0, top: 0 });
  });

  it('resizes with its aspect kept, inside the page, never to nothing', () => {
    const bigger = resized(box, 0.1);
    expect(bigger.width).toBeCloseTo(0.3, 9);
    expect(bigger.height).toBeCloseTo(0.15, 9);
    const capped = resized(box, 1);
    expect(capped.width).toBeCloseTo(0.5, 9);
    expect(capped.height).toBeCloseTo(0.25, 9);
    const smallest = resized(box, -1);
    expect(smallest.width).toBeCloseTo(0.04, 9);
    expect(smallest.height / smallest.width).toBeCloseTo(0.5, 9);
  });
});
