/** contracts §3 `previews`: which image the viewer asks for (docs/architecture.md, "Page previews"). */
import { previewFor, previewImageUrl, previewWidth } from '../pagePreviewUrl';

const previews = {
  url: 'http://facility.test/api/documents/a%20b.pdf/previews/h/{page}-{width}.webp',
  pages: 3,
  widths: [240, 480, 960, 1440],
};

describe('page previews', () => {
  it('fills in both placeholders', () => {
    expect(previewImageUrl(previews, 2, 480)).toBe(
      'http://facility.test/api/documents/a%20b.pdf/previews/h/2-480.webp',
    );
  });

  it('takes the smallest width that covers the device pixels, else the largest', () => {
    expect(previewWidth(previews.widths, 100)).toBe(240);
    expect(previewWidth(previews.widths, 480)).toBe(480);
    expect(previewWidth(previews.widths, 481)).toBe(960);
    expect(previewWidth(previews.widths, 5000)).toBe(1440);
  });

  it('counts device pixels up to 2 per CSS pixel: a 372 px page asks for 960 on a 2× or 3× phone, 480 at 1×', () => {
    expect(previewFor(previews, 1, 372, 3)).toMatch(/\/1-960\.webp$/);
    expect(previewFor(previews, 1, 372, 2)).toMatch(/\/1-960\.webp$/);
    expect(previewFor(previews, 1, 372, 1)).toMatch(/\/1-480\.webp$/);
    expect(previewFor(previews, 1, 500, 3)).toMatch(/\/1-1440\.webp$/);
  });

  it('has none beyond the pages the facility offers, or without previews', () => {
    expect(previewFor(previews, 4, 372, 1)).toBeUndefined();
    expect(previewFor(previews, 0, 372, 1)).toBeUndefined();
    expect(previewFor(undefined, 1, 372, 1)).toBeUndefined();
  });
});
