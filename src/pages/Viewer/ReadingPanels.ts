/**
 * The reading chrome's antd part (`reading-panels`), loaded once page 1 is drawn or when the
 * reader opens one of its parts (useReadingPanels.ts): the panels, pads, dialogs and toasts
 * (ChromePanels), and the toolbar's menus and tooltip, which the bars (ReadingChrome, without
 * antd) render once they have come (docs/decisions/2026-11-27-reading-panels-chunk.md,
 * docs/decisions/2026-11-27-toolbar-without-antd.md).
 */
// antd's styles, made at build time: none is generated as its components render. First, so
// Folio's own rules for antd's elements (Signature.css's full-screen pad, …) come after them and
// win at equal specificity.
import '../../components/antd-styles.css';

export { ChromePanels } from './ChromePanels';
export { ZoomMenu } from '../../components/HeaderBar/ZoomMenu';
export { MobileMenu } from '../../components/MobileMenu/MobileMenu';
export { TooltipOver } from '../../components/SharedTooltip/TooltipOver';
