import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { useAppDispatch } from '../../app';
import { docActions } from '../../models';
import { useMessages } from '../../i18n';
import { signMessages } from './messages';
import {
  displayedSize,
  fromFractionBox,
  quarterTurns,
  toFractionBox,
} from '../../services/sign/geometry';
import type { FractionBox } from '../../services/sign/geometry';
import type { PageGeometry } from '../../services/pdf/pageViews';
import type { SignatureItem } from '../../domain/document';

/** The smallest a signature gets, as a fraction of the page's width. */
const MIN_WIDTH = 0.04;

/** Moved by (dx, dy) fractions, kept inside the page. */
export function moved(box: FractionBox, dx: number, dy: number): FractionBox {
  return {
    ...box,
    left: Math.min(Math.max(box.left + dx, 0), 1 - box.width),
    top: Math.min(Math.max(box.top + dy, 0), 1 - box.height),
  };
}

/** Width by `dw` fractions, height along (the aspect kept), kept inside the page. */
export function resized(box: FractionBox, dw: number): FractionBox {
  const ratio = box.height / box.width;
  const maxWidth = Math.min(1 - box.left, (1 - box.top) / ratio);
  const width = Math.min(Math.max(box.width + dw, MIN_WIDTH), maxWidth);
  return { ...box, width, height: width * ratio };
}

const percent = (n: number) => `${String(n * 100)}%`;

/**
 * One placed signature: dragged to move, its corner handle dragged to resize (aspect kept), the
 * × or Delete to remove; keyboard: arrows move (Shift: further), + and − resize. The box is in
 * fractions of the page as displayed now; the image inside stays upright on the page as its own
 * /Rotate shows it, and so turns with the reader's rotation.
 */
export function PlacedSignature({
  index,
  item,
  page,
  geometry,
  viewRotate,
  host,
}: {
  index: number;
  item: SignatureItem;
  page: number;
  geometry: PageGeometry;
  viewRotate: number;
  host: HTMLElement;
}) {
  const t = useMessages(signMessages);
  const dispatch = useAppDispatch();
  const total = geometry.rotate + viewRotate;
  const [live, setLive] = useState<FractionBox | null>(null);
  const box = live ?? toFractionBox(item, geometry.view, total);

  const commit = (next: FractionBox) => {
    dispatch(docActions.moveSignature({ index, box: fromFractionBox(next, geometry.view, total) }));
  };
  const remove = () => {
    dispatch(docActions.removeSignature(index));
  };

  const drag = (mode: 'move' | 'resize') => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const start = { x: event.clientX, y: event.clientY, box, id: event.pointerId };
    const size = { w: host.clientWidth, h: host.clientHeight };
    let last = box;
    const onMove = (e: PointerEvent) => {
      if (e.pointerId !== start.id) return;
      const dx = (e.clientX - start.x) / size.w;
      const dy = (e.clientY - start.y) / size.h;
      last = mode === 'move' ? moved(start.box, dx, dy) : resized(start.box, dx);
      setLive(last);
    };
    const onUp = (e: PointerEvent) => {
      if (e.pointerId !== start.id) return;
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      setLive(null);
      if (last !== start.box) commit(last);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const step = event.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key] as [number, number] | undefined;
    let next: FractionBox | undefined;
    if (move) next = moved(box, move[0], move[1]);
    else if (event.key === '+' || event.key === '=') next = resized(box, box.width * 0.1);
    else if (event.key === '-' || event.key === '_') next = resized(box, -box.width * 0.1);
    else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove();
      return;
    }
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    commit(next);
  };

  // The SVG's units are points of the displayed page, so the image keeps its own proportions
  // inside a box whose sides swap when the reader turns the page a quarter.
  const [pageW, pageH] = displayedSize(geometry.view, total);
  const bw = box.width * pageW;
  const bh = box.height * pageH;
  const quarter = quarterTurns(viewRotate) % 180 !== 0;
  const [iw, ih] = quarter ? [bh, bw] : [bw, bh];
  return (
    <div
      className="folio-signature"
      data-signature-index={index}
      role="group"
      tabIndex={0}
      aria-label={t('sign.item', { n: index + 1, page })}
      style={{
        left: percent(box.left),
        top: percent(box.top),
        width: percent(box.width),
        height: percent(box.height),
      }}
      onPointerDown={drag('move')}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        event.stopPropagation();
      }}
    >
      <svg viewBox={`0 0 ${String(bw)} ${String(bh)}`} preserveAspectRatio="none" aria-hidden>
        <image
          href={item.image}
          x={-iw / 2}
          y={-ih / 2}
          width={iw}
          height={ih}
          preserveAspectRatio="none"
          transform={`translate(${String(bw / 2)} ${String(bh / 2)}) rotate(${String(viewRotate)})`}
        />
      </svg>
      <Button
        className="folio-signature-remove"
        size="small"
        shape="circle"
        danger
        icon={<CloseOutlined />}
        aria-label={t('sign.remove')}
        onPointerDown={(event) => {
          event.stopPropagation();
        }}
        onClick={remove}
      />
      {/* The pointer's handle; the keyboard resizes with + and − (the signature's label says). */}
      <span
        className="folio-signature-resize"
        aria-hidden
        title={t('sign.resize')}
        onPointerDown={drag('resize')}
      />
    </div>
  );
}
