import { useEffect } from 'react';
import { useAppSelector } from '../../app';
import { selectAntiCopyActive } from '../../models/doc/selectors';
import './AntiCopy.css';

/** The attribute on `<html>` that switches on AntiCopy.css's rules. */
export const ANTI_COPY_ATTRIBUTE = 'data-folio-anti-copy';

/**
 * What the viewer blocks under anti-copy (contracts §5b): copying and cutting, the context menu
 * (Save image as, Copy image, Print), dragging page images and text out, and starting a selection.
 */
export const BLOCKED_EVENTS = ['copy', 'cut', 'contextmenu', 'dragstart', 'selectstart'] as const;

/** Fields the reader types into (the page number, the search box) keep copy, paste and menus. */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

function isInEditable(event: Event): boolean {
  // composedPath()[0] is the real target inside a shadow root; a text node stands for its parent.
  const target = event.composedPath().at(0) ?? event.target;
  const element =
    target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  return element?.closest(EDITABLE) != null;
}

function block(event: Event): void {
  if (isInEditable(event)) return;
  event.preventDefault();
  // pdf.js's text layer answers `copy` itself, writing the selection into clipboardData (which a
  // prevented copy then puts on the clipboard): the event must not get that far.
  if (event.type === 'copy' || event.type === 'cut') event.stopPropagation();
}

/**
 * Anti-copy (behaviour.md, "The facility's policy") while a document is shown and the facility's policy says `antiCopy`: no
 * selection (CSS, and `selectstart` for when the CSS is overridden), and copy, cut, the context
 * menu and drag blocked, except in editable fields. It covers the whole app — pages, panels, and
 * what antd renders in portals (drawers, modals) — since all of it is the viewer. Listeners are on
 * the document in the capture phase, so no handler inside can stop them first. The text layer
 * stays in the DOM: search finds and highlights through it.
 */
export function useAntiCopy(): void {
  const active = useAppSelector(selectAntiCopyActive);
  useEffect(() => {
    if (!active) return undefined;
    const root = document.documentElement;
    root.setAttribute(ANTI_COPY_ATTRIBUTE, '');
    for (const type of BLOCKED_EVENTS) document.addEventListener(type, block, { capture: true });
    return () => {
      for (const type of BLOCKED_EVENTS) {
        document.removeEventListener(type, block, { capture: true });
      }
      root.removeAttribute(ANTI_COPY_ATTRIBUTE);
    };
  }, [active]);
}
