/**
 * jsdom draws nothing: a 2D context that records what is drawn on which canvas, and a `toDataURL`
 * that encodes that record, so tests can read the drawing and compare two of them. Text measures
 * like a font whose glyphs are half as wide as its size, its ascent 3/4 of it and descent 1/4.
 */

export interface CanvasCall {
  canvas: HTMLCanvasElement;
  /** A method's name, or `set <property>`. */
  name: string;
  args: unknown[];
}

function fontPixels(font: unknown): number {
  const match = typeof font === 'string' ? /([\d.]+)px/.exec(font) : null;
  return match ? Number(match[1]) : 10;
}

/** A context for `canvas` that records every call and property set into `calls`. */
function recordingContext(canvas: HTMLCanvasElement, calls: CanvasCall[]): RenderingContext {
  const state: Record<string | symbol, unknown> = { font: '10px sans-serif' };
  return new Proxy(state, {
    get: (target, key) => {
      if (key === 'canvas') return canvas;
      if (key === 'measureText')
        return (text: string) => {
          const size = fontPixels(target.font);
          return {
            width: (text.length * size) / 2,
            fontBoundingBoxAscent: (size * 3) / 4,
            fontBoundingBoxDescent: size / 4,
          };
        };
      if (key in target) return target[key];
      return (...args: unknown[]) => {
        calls.push({ canvas, name: String(key), args });
        // createPattern's pattern: something to set as a fill style.
        return key === 'createPattern' ? { pattern: args[0] } : undefined;
      };
    },
    set: (target, key, value) => {
      target[key] = value;
      calls.push({ canvas, name: `set ${String(key)}`, args: [value] });
      return true;
    },
  }) as unknown as RenderingContext;
}

/** The record of one canvas, as `toDataURL` encodes it (objects as `…`). */
function encode(canvas: HTMLCanvasElement, calls: CanvasCall[]): string {
  const drawing = drawnOn(calls, canvas).map(({ name, args }) => [
    name,
    args.map((arg) => (typeof arg === 'object' ? '…' : arg)),
  ]);
  const record = JSON.stringify([canvas.width, canvas.height, drawing]);
  return `data:image/png;base64,${btoa(String.fromCharCode(...new TextEncoder().encode(record)))}`;
}

/** Installs the fake on every canvas (restored by `jest.restoreAllMocks`); returns the record. */
export function fakeCanvas(): CanvasCall[] {
  const calls: CanvasCall[] = [];
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    return recordingContext(this, calls);
  });
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    return encode(this, calls);
  });
  return calls;
}

/** The calls drawn on one canvas. */
export function drawnOn(calls: CanvasCall[], canvas: HTMLCanvasElement): CanvasCall[] {
  return calls.filter((call) => call.canvas === canvas);
}
