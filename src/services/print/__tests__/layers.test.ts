/** behaviour.md, "Print": the layers of a printed page, the watermark on top as on screen. */
import { pageLayer, printLayers } from '../layers';
import type { PrintLayer, PrintPage } from '../layers';
import { drawnOn, fakeCanvas } from '../../../test/fakeCanvas';
import type { SignatureItem } from '../../../domain/document';

afterEach(() => {
  jest.restoreAllMocks();
});

const SIGNATURE: SignatureItem = { canvasNum: 0, x: 0, y: 0, width: 10, height: 10, image: '' };

/** Runs a layer on a fresh 1275 × 1650 canvas (Letter at 150 dpi); returns what it drew. */
async function drawLayer(layer: PrintLayer | undefined) {
  const calls = fakeCanvas();
  const canvas = document.createElement('canvas');
  canvas.width = 1275;
  canvas.height = 1650;
  // 150 dpi is 150 / 96 = 1.5625 canvas pixels per CSS pixel; no signature on page 2.
  const page = { pageNumber: 2, cssRatio: 1.5625 } as PrintPage;
  await layer?.(canvas, page, new AbortController().signal);
  return { calls, onPage: drawnOn(calls, canvas) };
}

/** The options pdf.js's render is called with by the page layer. */
async function renderOptions(layer: PrintLayer | undefined): Promise<Record<string, unknown>> {
  const render = jest.fn(() => ({ promise: Promise.resolve(), cancel: jest.fn() }));
  const page = {
    pageNumber: 1,
    page: { render },
    viewport: {},
    cssRatio: 1,
  } as unknown as PrintPage;
  await layer?.(document.createElement('canvas'), page, new AbortController().signal);
  return (render.mock.calls[0] as unknown as [Record<string, unknown>])[0];
}

describe('printLayers', () => {
  it('is the page alone without decorations', () => {
    expect(printLayers({ watermark: undefined, signatures: [], comments: true })).toHaveLength(1);
  });

  it("prints the page's annotations, or none when the policy hides comments", async () => {
    const shown = await renderOptions(
      printLayers({ watermark: undefined, signatures: [], comments: true })[0],
    );
    expect(shown).toMatchObject({ intent: 'print', annotationMode: 1 });
    const hidden = await renderOptions(pageLayer(false));
    expect(hidden).toMatchObject({ intent: 'print', annotationMode: 0 });
  });

  it('puts the watermark last, over the page and the signatures', async () => {
    const layers = printLayers({
      watermark: { text: 'alice' },
      signatures: [SIGNATURE],
      comments: true,
    });
    expect(layers).toHaveLength(3);
    expect((await renderOptions(layers[0])).intent).toBe('print');
    expect((await drawLayer(layers[1])).onPage).toEqual([]);
    expect((await drawLayer(layers[2])).onPage.map((call) => call.name)).toContain('fillRect');
  });

  it('tiles the on-screen tile over the whole page at its CSS-pixel ratio', async () => {
    const [, watermark] = printLayers({
      watermark: { text: 'alice', fontSize: 20 },
      signatures: [],
      comments: true,
    });
    const { calls, onPage } = await drawLayer(watermark);
    expect(onPage.find((call) => call.name === 'fillRect')?.args).toEqual([0, 0, 1275, 1650]);
    const tile = onPage.find((call) => call.name === 'createPattern')?.args[0] as HTMLCanvasElement;
    // 20 px text at 1.5625 canvas pixels per CSS pixel.
    expect(drawnOn(calls, tile).findLast((call) => call.name === 'set font')?.args).toEqual([
      'normal normal 400 31.25px sans-serif',
    ]);
  });
});
