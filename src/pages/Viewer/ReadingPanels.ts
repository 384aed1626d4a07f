/**
 * The parts of the reading chrome a reader opens rather than sees at once: the side, search and
 * signature panels and the print dialog, a chunk of their own (`reading-panels`) loaded once page 1
 * is drawn or when one is opened (useReadingPanels.ts;
 * docs/decisions/2026-11-27-reading-panels-chunk.md).
 */
export { SidePanel } from '../../components/SidePanel/SidePanel';
export { SearchPanel } from '../../components/Search/SearchPanel';
export { SignatureBar } from '../../components/Signature/SignatureBar';
export { SignatureLayer } from '../../components/Signature/SignatureLayer';
export { SignPad } from '../../components/Signature/SignPad';
export { PrintDialog } from '../../components/Print/PrintDialog';
export { PrintNotice } from '../../components/Print/PrintNotice';
