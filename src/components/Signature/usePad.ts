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
/** A typed name's look: a handwriting face where the system has one (docs/decisions/2026-11-26-accessibility.md). */
const TYPED_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Comic Sans MS", cursive';
const TYPED_SIZE = 44;

/** Width scale for a pen's pressure: 0.5 gives signature_pad's own widths. */
export function pressureScale(pressure: number): number {
  return 0.4 + Math.min(Math.max(pressure, 0), 1) * 1.2;
}

/** Writes `name` in the typed font onto `context`, centred in `width` × `height` CSS pixels. */
function writeName(context: CanvasRenderingContext2D, name: string, width: number, height: number) {
  const size = Math.min(TYPED_SIZE, height * 0.5);
  context.font = `italic ${String(size)}px ${TYPED_FONT}`;
  // Shrunk to fit the pad's width: a long name stays whole.
  const measured = context.measureText(name).width;
  if (measured > width * 0.9) {
    context.font = `italic ${String((size * width * 0.9) / measured)}px ${TYPED_FONT}`;
  }
  context.fillStyle = PEN_COLOR;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(name, width / 2, height / 2);
}

/** A typed name as an image of its own, cropped to the text (with room for its slant). */
function typedImage(name: string): PadResult {
  const ratio = Math.max(window.devicePixelRatio || 1, 1) * 2;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return { image: canvas.toDataURL('image/png'), aspect: 1 };
  context.font = `italic ${String(TYPED_SIZE)}px ${TYPED_FONT}`;
  const width = context.measureText(name).width + TYPED_SIZE;
  const height = TYPED_SIZE * 1.6;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  context.scale(ratio, ratio);
  writeName(context, name, width, height);
  return { image: canvas.toDataURL('image/png'), aspect: width / height };
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
  // A name typed instead of drawn: the keyboard's way to sign (docs/decisions/2026-11-26-accessibility.md). Drawing
  // replaces it and typing replaces the strokes, so the pad always shows what Confirm places.
  const [typed, setTyped] = useState('');
  const typedRef = useRef('');
  const paintTyped = useCallback(() => {
    const canvas = canvasEl.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || typedRef.current.trim() === '') return;
    const { width, height } = canvas.getBoundingClientRect();
    writeName(context, typedRef.current.trim(), width, height);
  }, []);

  const canvasRef = useCallback(
    (canvas: HTMLCanvasElement | null) => {
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
        paintTyped();
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
      pad.addEventListener('beginStroke', () => {
        if (typedRef.current === '') return;
        typedRef.current = '';
        setTyped('');
        pad.clear();
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
    },
    [paintTyped],
  );

  /** Writes `name` on the pad in place of whatever was there; '' clears it. */
  const type = useCallback(
    (name: string) => {
      typedRef.current = name;
      setTyped(name);
      padRef.current?.clear();
      setStrokes(0);
      paintTyped();
    },
    [paintTyped],
  );

  const clear = useCallback(() => {
    type('');
  }, [type]);

  const undo = useCallback(() => {
    const pad = padRef.current;
    if (!pad) return;
    const data = pad.toData().slice(0, -1);
    pad.fromData(data, { clear: true });
    setStrokes(data.length);
  }, []);

  /** The drawing cropped to its strokes, as a PNG at the canvas's device resolution. */
  const result = useCallback((): PadResult | undefined => {
    const name = typedRef.current.trim();
    if (name !== '') return typedImage(name);
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

  return { canvasRef, strokes, typed, type, clear, undo, result };
}
