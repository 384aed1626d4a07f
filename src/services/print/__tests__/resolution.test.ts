import { printRaster } from '..';

const A4 = [595, 842] as const;

describe('printRaster (print resolution within the pixel budget)', () => {
  it('renders at the asked dpi when the page fits the budget: A4 at 150 dpi', () => {
    const raster = printRaster(...A4, 150, 16_777_216);
    expect(raster.scale).toBeCloseTo(150 / 72);
    expect(raster).toMatchObject({ width: 1239, height: 1754 });
  });

  it.each([72, 150, 300])('%i dpi is %i / 72 pixels per point', (dpi) => {
    expect(printRaster(...A4, dpi, 1e9).scale).toBeCloseTo(dpi / 72);
  });

  it('a huge page drops dpi to stay within the budget, keeping its shape', () => {
    // A0 poster at 600 dpi would be ~ 19 900 × 28 100 pixels.
    const raster = printRaster(2384, 3370, 600, 16_777_216);
    expect(raster.width * raster.height).toBeLessThanOrEqual(16_777_216);
    expect(raster.width * raster.height).toBeGreaterThan(16_777_216 * 0.99);
    expect(raster.scale).toBeLessThan(600 / 72);
    expect(raster.width / raster.height).toBeCloseTo(2384 / 3370, 2);
  });

  it('a phone budget (5.2 M pixels) bounds a Letter page at 300 dpi', () => {
    const raster = printRaster(612, 792, 300, 5_242_880);
    expect(raster.width * raster.height).toBeLessThanOrEqual(5_242_880);
  });

  it('a sliver page still fits: one side floors to 1 pixel', () => {
    const raster = printRaster(1, 14_400_000, 150, 16_777_216);
    expect(raster.width).toBe(1);
    expect(raster.width * raster.height).toBeLessThanOrEqual(16_777_216);
  });

  it('an empty page gets a 1 × 1 canvas', () => {
    expect(printRaster(0, 0, 150, 16_777_216)).toMatchObject({ width: 1, height: 1 });
  });
});
