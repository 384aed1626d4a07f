/** behaviour.md, "Watermark": the overlay over the stage, and its resistance to tampering. */
import { waitFor } from '@testing-library/react';
import { mountWatermark } from '../overlay';
import { fakeCanvas } from '../../../test/fakeCanvas';

const RAD_22 = (22 * Math.PI) / 180;
const ALICE = { text: 'alice · 2026-11-22', color: 'rgba(255, 0, 0, 0.3)' };

let host: HTMLElement;
beforeEach(() => {
  fakeCanvas();
  host = document.createElement('div');
  host.style.position = 'relative';
  host.append(document.createElement('section'));
  document.body.append(host);
});
afterEach(() => {
  host.remove();
  jest.restoreAllMocks();
});

function overlayOf(box: HTMLElement): HTMLElement | undefined {
  return [...box.children].find(
    (child): child is HTMLElement =>
      child instanceof HTMLDivElement && child.style.backgroundImage !== '',
  );
}

/** The declarations of the overlay's style attribute, by property. */
function declarations(element: HTMLElement): Map<string, string> {
  return new Map(
    (element.getAttribute('style') ?? '')
      // A data URL has semicolons of its own: a declaration ends where the next property starts.
      .split(/;(?=\s*[a-z-]+:|\s*$)/)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const colon = part.indexOf(':');
        return [part.slice(0, colon).trim(), part.slice(colon + 1).trim()] as [string, string];
      }),
  );
}

describe('mountWatermark', () => {
  it('covers the box above its pages, tiled, letting pointer events through', () => {
    mountWatermark(host, ALICE);
    const overlay = overlayOf(host);
    if (!overlay) throw new Error('no overlay');
    expect(overlay.parentElement).toBe(host);
    expect(host.firstElementChild?.tagName).toBe('SECTION');
    const style = declarations(overlay);
    expect(style.get('position')).toBe('absolute');
    expect(style.get('inset')).toBe('0px');
    expect(style.get('pointer-events')).toBe('none');
    expect(style.get('z-index')).toBe('999');
    expect(style.get('background-repeat')).toBe('repeat');
    expect(style.get('visibility')).toBe('visible !important');
    expect(style.get('background-image')).toMatch(
      /^url\("data:image\/png;base64,[A-Za-z0-9+/=]+"\)$/,
    );
    // The tile's CSS size (the fake measures 18 characters at 16 px as 144 × 16).
    const [width, height] = (style.get('background-size') ?? '').split(' ').map(parseFloat);
    expect(width).toBeCloseTo((144 * Math.cos(RAD_22) + 16 * Math.sin(RAD_22) + 100) * 2, 0);
    expect(height).toBeCloseTo(144 * Math.sin(RAD_22) + 16 * Math.cos(RAD_22) + 100, 0);
  });

  it('draws at the device pixel ratio', () => {
    const calls = fakeCanvas();
    Object.defineProperty(window, 'devicePixelRatio', { value: 3, configurable: true });
    try {
      mountWatermark(host, ALICE);
    } finally {
      Object.defineProperty(window, 'devicePixelRatio', { value: 1, configurable: true });
    }
    expect(calls.filter((call) => call.name === 'set font').at(-1)?.args[0]).toBe(
      'normal normal 400 48px sans-serif',
    );
  });

  it('gives two boxes the same overlay, byte for byte, from the same inputs', () => {
    const other = document.createElement('div');
    document.body.append(other);
    mountWatermark(host, ALICE);
    mountWatermark(other, { ...ALICE });
    expect(overlayOf(other)?.getAttribute('style')).toBe(overlayOf(host)?.getAttribute('style'));
    // And a different text is a different tile.
    const third = document.createElement('div');
    mountWatermark(third, { ...ALICE, text: 'bob' });
    expect(overlayOf(third)?.style.backgroundImage).not.toBe(
      overlayOf(host)?.style.backgroundImage,
    );
    other.remove();
  });

  it('comes back when it is removed or moved out of the box', async () => {
    mountWatermark(host, ALICE);
    const overlay = overlayOf(host);
    if (!overlay) throw new Error('no overlay');
    overlay.remove();
    await waitFor(() => {
      expect(overlayOf(host)).toBe(overlay);
    });
    document.body.append(overlay);
    await waitFor(() => {
      expect(overlay.parentElement).toBe(host);
    });
    host.replaceChildren();
    await waitFor(() => {
      expect(overlay.parentElement).toBe(host);
    });
  });

  it('restores its style when it is restyled, and drops a class or `hidden`', async () => {
    mountWatermark(host, ALICE);
    const overlay = overlayOf(host);
    if (!overlay) throw new Error('no overlay');
    const style = overlay.getAttribute('style');
    overlay.style.setProperty('display', 'none');
    await waitFor(() => {
      expect(overlay.getAttribute('style')).toBe(style);
    });
    overlay.setAttribute('style', 'opacity: 0');
    await waitFor(() => {
      expect(overlay.getAttribute('style')).toBe(style);
    });
    overlay.hidden = true;
    overlay.classList.add('hide-me');
    await waitFor(() => {
      expect(overlay.getAttributeNames()).toEqual(['style']);
    });
    expect(overlay.getAttribute('style')).toBe(style);
  });

  it('goes for good when disposed', async () => {
    const dispose = mountWatermark(host, ALICE);
    const overlay = overlayOf(host);
    dispose();
    expect(overlay?.isConnected).toBe(false);
    expect(overlayOf(host)).toBeUndefined();
    // Nothing brings it back: the observer is gone.
    host.replaceChildren(document.createElement('section'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(overlayOf(host)).toBeUndefined();
    expect(host.children).toHaveLength(1);
  });

  it('mounts nothing for an empty text', () => {
    const dispose = mountWatermark(host, { text: '' });
    expect(host.children).toHaveLength(1);
    dispose();
    expect(host.children).toHaveLength(1);
  });

  it('draws HTML in the text as text: no element comes from it', () => {
    mountWatermark(host, { text: '<b>alice</b><img src=x onerror="window.__pwned=1">' });
    expect(overlayOf(host)?.children).toHaveLength(0);
    expect(document.querySelector('b, img')).toBeNull();
    expect('__pwned' in window).toBe(false);
  });
});
