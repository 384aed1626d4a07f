/**
 * signature_pad on a canvas (behaviour.md, "Signatures"): smooth variable-width strokes (its Bézier and velocity
 * widths), pen pressure on top (a pen's pressure scales each stroke's width as it is drawn), one
 * pointer at a time (a second finger does not draw: signature_pad follows the first pointer's id)
 * and `touch-action: none` with preventDefault (signature_pad's), so drawing never scrolls or
 * zooms the page. The canvas is sized in device pixels and redrawn from the strokes on resize.
 */
import SignaturePad from 'signature_pad';
import type { SignatureEvent } from 'signature_pad';
import { useCallback, useEffect, useRef, useState } from 'react';

const MIN_WIDTH = 0.8;
const MAX_WIDTH = 3;
export const PEN_COLOR = 'rgb(20, 36, 110)';

/** Width scale for a pen's pressure: 0.5 gives signature_pad's own widths. */
export function pressureScale(pressure: number): number {
  return 0.4 + Math.min(Math.max(pressure, 0), 1) * 1.2;
}

export interface PadResult {
  image: string;
  aspect: number;
}

/** The strokes' bounds in CSS pixels, grown by the widest line so nothing is cut. */
function strokeBounds(pad: SignaturePad) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  let margin = MAX_WIDTH;
  for (const group of pad.toData()) {
    margin = Math.max(margin, group.maxWidth, group.dotSize);
    for (const { x, y } of group.points) {
      [minX, minY, maxX, maxY] = [
        Math.min(minX, x),
        Math.min(minY, y),
        Math.max(maxX, x),
        Math.max(maxY, y),
      ];
    }
  }
  return {
    x: minX - margin,
    y: minY - margin,
    w: maxX - minX + 2 * margin,
    h: maxY - minY + 2 * margin,
  };
}

export function usePad() {
  const padRef = useRef<SignaturePad | null>(null);
  const canvasEl = useRef<HTMLCanvasElement | null>(null);
  const [strokes, setStrokes] = useState(0);

  const canvasRef = useCallback((canvas: HTMLCanvasElement | null) => {
    padRef.current?.off();
    padRef.current = null;
    canvasEl.current = canvas;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      minWidth: MIN_WIDTH,
      maxWidth: MAX_WIDTH,
      penColor: PEN_COLOR,
      // Transparent: the image lies over the page.
      backgroundColor: 'rgba(0,0,0,0)',
    });
    padRef.current = pad;
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const { width, height } = canvas.getBoundingClientRect();
      if (width === 0 || height === 0) return;
      const data = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    pad.addEventListener('beforeUpdateStroke', (event: Event) => {
      const { event: source, pressure } = (event as CustomEvent<SignatureEvent>).detail;
      if (!('pointerType' in source) || source.pointerType !== 'pen' || pressure <= 0) return;
      const group = pad.toData().at(-1);
      if (!group) return;
      group.minWidth = MIN_WIDTH * pressureScale(pressure);
      group.maxWidth = MAX_WIDTH * pressureScale(pressure);
    });
    pad.addEventListener('endStroke', () => {
      setStrokes(pad.toData().length);
    });
    setStrokes(0);
    // signature_pad has no teardown hook of its own; `off` runs when the canvas goes.
    const off = pad.off.bind(pad);
    pad.off = () => {
      observer.disconnect();
      off();
    };
  }, []);

  const clear = useCallback(() => {
    padRef.current?.clear();
    setStrokes(0);
  }, []);

  const undo = useCallback(() => {
    const pad = padRef.current;
    if (!pad) return;
    const data = pad.toData().slice(0, -1);
    pad.fromData(data, { clear: true });
    setStrokes(data.length);
  }, []);

  /** The drawing cropped to its strokes, as a PNG at the canvas's device resolution. */
  const result = useCallback((): PadResult | undefined => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) return undefined;
    const source = canvasEl.current;
    if (!source) return undefined;
    const ratio = source.width / source.getBoundingClientRect().width || 1;
    const b = strokeBounds(pad);
    const crop = document.createElement('canvas');
    crop.width = Math.max(1, Math.round(b.w * ratio));
    crop.height = Math.max(1, Math.round(b.h * ratio));
    crop
      .getContext('2d')
      ?.drawImage(
        source,
        b.x * ratio,
        b.y * ratio,
        b.w * ratio,
        b.h * ratio,
        0,
        0,
        crop.width,
        crop.height,
      );
    return { image: crop.toDataURL('image/png'), aspect: b.w / b.h };
  }, []);

  useEffect(
    () => () => {
      padRef.current?.off();
    },
    [],
  );

  return { canvasRef, strokes, clear, undo, result };
}
