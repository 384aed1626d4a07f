import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../../app';
import { signActions } from '../../models';
import { normaliseRotation } from '../../services/pdf/layout';
import { documentSession } from '../../services/pdf/session';
import { boxAround, fromFractionPoint } from '../../services/sign/geometry';
import { clientToFraction } from './pages';
import { PlacedSignature } from './PlacedSignature';
import type { SignatureItem } from '../../domain/document';

/**
 * Placed signatures drawn inside their pages' elements (contracts §5: `data-signature-index` inside
 * the page's element), so they scroll, zoom and print with the page. pdf.js empties a page's
 * element when it lays it out again (zoom, rotation, leaving its buffer): each page holding
 * signatures gets one layer element that a MutationObserver puts back whenever it is removed,
 * and React portals render into it. Boxes are in percentages of the page, so zoom needs no work.
 */
export function SignatureLayer() {
  const engine = useAppSelector((s) => s.viewer.engine);
  const laidOut = useAppSelector((s) => s.viewer.laidOut);
  // The page elements exist once pdf.js lays the pages out; their geometry as it loads them.
  useAppSelector((s) => s.viewer.renders);
  const allowed = useAppSelector((s) => s.doc.docData.param.showSignature);
  const items = useAppSelector((s) => s.doc.signDataArr);
  const viewRotate = normaliseRotation(useAppSelector((s) => s.doc.rotate));
  const hosts = useLayerHosts(engine, allowed ? items : [], laidOut);

  usePlacement(engine, allowed, viewRotate);

  if (engine === 0 || !allowed) return null;
  return items.map((item, index) => {
    const page = item.canvasNum + 1;
    const host = hosts.get(page);
    const geometry = documentSession.loadedPageGeometry(page);
    if (!host || !geometry) return null;
    return createPortal(
      <PlacedSignature
        index={index}
        item={item}
        page={page}
        geometry={geometry}
        viewRotate={viewRotate}
        host={host}
      />,
      host,
      `${String(index)}:${item.image.length}`,
    );
  });
}

/**
 * One layer element per page that holds signatures, made once per page (portals may render into
 * it before it is attached) and kept inside the page's element while pdf.js has laid it out.
 */
function useLayerHosts(engine: number, items: readonly SignatureItem[], laidOut: boolean) {
  const [hosts] = useState(() => new Map<number, HTMLDivElement>());
  const pages = [...new Set(items.map((item) => item.canvasNum + 1))];
  for (const page of pages) {
    if (!hosts.has(page)) {
      const host = document.createElement('div');
      host.className = 'folio-sign-layer';
      hosts.set(page, host);
    }
  }
  const pagesKey = pages.sort((a, b) => a - b).join(',');
  useLayoutEffect(() => {
    if (engine === 0 || !laidOut || pagesKey === '') return undefined;
    const observers: MutationObserver[] = [];
    const attached: HTMLDivElement[] = [];
    for (const page of pagesKey.split(',').map(Number)) {
      const div = documentSession.pageElement(page);
      const host = hosts.get(page);
      if (!div || !host) continue;
      div.append(host);
      attached.push(host);
      const observer = new MutationObserver(() => {
        if (host.parentElement !== div) div.append(host);
      });
      observer.observe(div, { childList: true });
      observers.push(observer);
    }
    return () => {
      observers.forEach((observer) => {
        observer.disconnect();
      });
      attached.forEach((host) => {
        host.remove();
      });
    };
  }, [engine, hosts, pagesKey, laidOut]);
  return hosts;
}

/** A press that moves farther or lasts longer than this is a scroll or a hold, not a tap. */
const TAP = { distance: 10, ms: 800 };

/**
 * Placement mode (after Confirm): a click or tap on a page puts the signature there, centred on
 * the point; Esc cancels. Pointer events, so mouse, pen and finger work alike whether or not the
 * browser makes a click of a tap; a press that scrolls is not a tap. The click that follows is
 * the signature's, not a link's under it.
 */
function usePlacement(engine: number, allowed: boolean, viewRotate: number) {
  const pending = useAppSelector((s) => s.sign.pending);
  const dispatch = useAppDispatch();
  useEffect(() => {
    const container = documentSession.pagesContainer();
    if (engine === 0 || !container || !allowed || !pending) return undefined;
    container.classList.add('folio-placing');
    let press: { id: number; x: number; y: number; time: number } | undefined;
    const swallow = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
    };
    const onDown = (event: PointerEvent) => {
      press = event.isPrimary
        ? { id: event.pointerId, x: event.clientX, y: event.clientY, time: event.timeStamp }
        : undefined;
    };
    const onUp = (event: PointerEvent) => {
      const start = press;
      press = undefined;
      if (start?.id !== event.pointerId) return;
      const moved = Math.hypot(event.clientX - start.x, event.clientY - start.y);
      if (moved > TAP.distance || event.timeStamp - start.time > TAP.ms) return;
      const div = (event.target as Element | null)?.closest<HTMLElement>('.page[data-page-number]');
      if (!div) return;
      const page = Number(div.dataset.pageNumber);
      const geometry = documentSession.loadedPageGeometry(page);
      if (!geometry) return;
      const total = geometry.rotate + viewRotate;
      const centre = fromFractionPoint(
        clientToFraction(div, event.clientX, event.clientY),
        geometry.view,
        total,
      );
      const box = boxAround(centre, pending.aspect, geometry.view, geometry.rotate);
      // The click this press still makes belongs to the placement.
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => {
        window.removeEventListener('click', swallow, { capture: true });
      }, 500);
      void dispatch(signActions.place({ page, box }));
    };
    const onCancel = () => {
      press = undefined;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      dispatch(signActions.cancelPlacement());
    };
    container.addEventListener('pointerdown', onDown, { capture: true });
    container.addEventListener('pointerup', onUp, { capture: true });
    container.addEventListener('pointercancel', onCancel, { capture: true });
    container.addEventListener('click', swallow, { capture: true });
    window.addEventListener('keydown', onKey);
    return () => {
      container.classList.remove('folio-placing');
      container.removeEventListener('pointerdown', onDown, { capture: true });
      container.removeEventListener('pointerup', onUp, { capture: true });
      container.removeEventListener('pointercancel', onCancel, { capture: true });
      container.removeEventListener('click', swallow, { capture: true });
      window.removeEventListener('keydown', onKey);
    };
  }, [engine, allowed, pending, viewRotate, dispatch]);
}
