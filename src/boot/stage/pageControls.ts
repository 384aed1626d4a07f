/**
 * The toolbar's page controls in the boot bar (`#folio-boot-bar`), working before the app has run
 * (docs/decisions/2026-12-07-boot-bar-turns-pages.md): Previous page, the page of the count and Next
 * page, named as the viewer's own (the toolbar's messages, contracts §5), from the moment the stage
 * knows the document. Plain DOM styled through the CSSOM, as ToolButton.css styles the app's (its
 * styles come with the viewer's chunk; no CSP blocks the CSSOM). The viewer's bar replaces the
 * whole place (bootBar.ts).
 */
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { toolbarMessages } from '../../i18n/messages/toolbar';
import { format } from '../../i18n/define';
import type { Locale } from '../../i18n/pickLocale';

export interface PageControls {
  /** Shows `page` as the current one: its number, and Previous/Next at the document's ends. */
  show: (page: number) => void;
}

const SVG = 'http://www.w3.org/2000/svg';
/** antd's text colours, as ToolButton.css has them. */
const TEXT = 'rgba(0, 0, 0, 0.88)';
const DISABLED = 'rgba(0, 0, 0, 0.25)';

function svgNode({ tag, attrs, children = [] }: AbstractNode): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(svgNode(child));
  return node;
}

function iconOf(definition: IconDefinition): SVGElement {
  const { icon } = definition;
  const svg = svgNode(typeof icon === 'function' ? icon('currentColor', 'currentColor') : icon);
  for (const [name, value] of Object.entries({ width: '1em', height: '1em', fill: 'currentColor' }))
    svg.setAttribute(name, value);
  svg.setAttribute('aria-hidden', 'true');
  return svg;
}

function toolButton(label: string, icon: IconDefinition, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.title = label;
  Object.assign(button.style, {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    width: '32px',
    height: '32px',
    margin: '0',
    padding: '0',
    border: '1px solid transparent',
    borderRadius: '6px',
    background: 'transparent',
    fontSize: '16px',
    cursor: 'pointer',
  });
  button.append(iconOf(icon));
  button.addEventListener('click', onClick);
  return button;
}

/**
 * Puts the controls in `bar` for a document of `count` pages; `go` is asked for the page the
 * reader turns to (within 1…count). Without `showNumber` (the `showNum` flag) no number is shown.
 * At the bar's end, or on a narrow screen at its start, near where the viewer's bar puts them.
 */
export function mountPageControls(
  bar: HTMLElement,
  {
    count,
    locale,
    showNumber,
    narrow,
    go,
  }: {
    count: number;
    locale: Locale;
    showNumber: boolean;
    narrow: boolean;
    go: (page: number) => void;
  },
): PageControls {
  const text = (key: keyof typeof toolbarMessages) => toolbarMessages[key][locale];
  let current = 1;
  const turn = (by: number) => {
    const page = Math.min(count, Math.max(1, current + by));
    if (page === current) return;
    controls.show(page);
    go(page);
  };
  const previous = toolButton(text('toolbar.previousPage'), LeftOutlined, () => {
    turn(-1);
  });
  const next = toolButton(text('toolbar.nextPage'), RightOutlined, () => {
    turn(1);
  });
  const number = document.createElement('span');
  Object.assign(number.style, { padding: '0 4px', fontSize: '14px', whiteSpace: 'nowrap' });

  const group = document.createElement('section');
  group.setAttribute('aria-label', text('toolbar.label'));
  Object.assign(group.style, {
    position: 'absolute',
    [narrow ? 'insetInlineStart' : 'insetInlineEnd']: '8px',
    bottom: '4px',
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    color: TEXT,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  });
  group.append(previous, ...(showNumber ? [number] : []), next);

  const controls: PageControls = {
    show(page) {
      current = page;
      number.textContent = format(text('toolbar.pageOfCount'), { current: page, count });
      for (const [button, disabled] of [
        [previous, page <= 1],
        [next, page >= count],
      ] as const) {
        button.disabled = disabled;
        button.style.color = disabled ? DISABLED : TEXT;
        button.style.cursor = disabled ? 'not-allowed' : 'pointer';
      }
    },
  };
  controls.show(1);
  // Controls now: the place is no longer a mere picture of the bar.
  bar.removeAttribute('aria-hidden');
  bar.append(group);
  return controls;
}
