/** Where pdf.js will put a page: phones open fitted to the width, and the placeholders take pdf.js's page box. */
import { cssPageBox, fitWidthZoom } from '../layout';

const LETTER = { width: 612, height: 792 };

describe('fitWidthZoom', () => {
  it('fits a Letter page (816 CSS px at 100 %) and its 18 px border into a 390 px screen', () => {
    // (390 − 18) / 816 = 0.4558… → 0.45, rounded down so nothing is left to pan sideways.
    expect(fitWidthZoom(390, LETTER, 0)).toBe(0.45);
  });

  it('uses the height of a page turned by 90° or 270°, the width at 180°', () => {
    expect(fitWidthZoom(390, LETTER, 90)).toBe(Math.floor((372 / 1056) * 100) / 100);
    expect(fitWidthZoom(390, LETTER, -270)).toBe(fitWidthZoom(390, LETTER, 90));
    expect(fitWidthZoom(390, LETTER, 180)).toBe(0.45);
  });

  it('never rounds up: the fitted page is at most as wide as the screen', () => {
    for (let width = 300; width <= 800; width += 7) {
      const zoom = fitWidthZoom(width, LETTER, 0);
      expect(LETTER.width * (96 / 72) * zoom + 18).toBeLessThanOrEqual(width);
    }
  });
});

describe('cssPageBox', () => {
  it('rounds down to whole pixels as pdf.js does, without losing a pixel to floating point', () => {
    expect(cssPageBox({ width: 595, height: 842 }, 1, 0)).toEqual({ width: 793, height: 1122 });
    expect(cssPageBox(LETTER, 1, 0)).toEqual({ width: 816, height: 1056 });
    expect(cssPageBox(LETTER, 0.45, 90)).toEqual({ width: 475, height: 367 });
  });
});
