import { TODAY, canvasTarget, controlsTarget, pixelsTarget } from '../targets';

describe('first page pixels', () => {
  it('warm: half the anchor on a link and on the phone, 0.8 on loopback', () => {
    const phone = pixelsTarget({ link: 'phone', temp: 'warm', anchorFirstPaint: 6000 });
    expect(phone.text).toBe('≤ 0.5× (warm previews)');
    expect(phone.meets(3000, 6000)).toBe(true);
    expect(phone.meets(3001, 6000)).toBe(false);
    const link = pixelsTarget({ link: '20mbit', temp: 'warm', anchorFirstPaint: 2000 });
    expect(link.meets(1100, 2000)).toBe(false);
    const loopback = pixelsTarget({ link: 'loopback', temp: 'warm', anchorFirstPaint: 600 });
    expect(loopback.text).toBe('≤ 0.8× (warm previews)');
    expect(loopback.meets(480, 600)).toBe(true);
    expect(loopback.meets(500, 600)).toBe(false);
  });

  it('cold: no later than Folio reached before previews, as a ratio to the anchor', () => {
    const cold = pixelsTarget({ link: 'loopback', temp: 'cold', anchorFirstPaint: 600 });
    expect(cold.text).toBe(`≤ ${TODAY.loopback.toFixed(1)}× (not later than today)`);
    expect(cold.meets(720, 600)).toBe(true);
    expect(cold.meets(721, 600)).toBe(false);
  });
});

describe('first real canvas', () => {
  it('is held to today on every row, warm or cold', () => {
    for (const temp of ['cold', 'warm'] as const) {
      const target = canvasTarget({ link: 'phone', temp, anchorFirstPaint: 5000 });
      expect(target.meets(5500, 5000)).toBe(true);
      expect(target.meets(5600, 5000)).toBe(false);
    }
  });
});

describe('toolbar controls usable', () => {
  it("compares Folio's controls with the anchor's first paint, not with its controls", () => {
    const target = controlsTarget({ link: '20mbit', temp: 'warm', anchorFirstPaint: 1500 });
    expect(target?.text).toBe("≤ anchor's first paint (1500 ms)");
    // The anchor's controls (its second argument) are in its HTML at 90 ms: not the bar.
    expect(target?.meets(1500, 90)).toBe(true);
    expect(target?.meets(1501, 90)).toBe(false);
  });

  it('has nothing to compare with when the anchor painted nothing', () => {
    expect(controlsTarget({ link: '20mbit', temp: 'warm', anchorFirstPaint: null })).toBeNull();
  });
});
