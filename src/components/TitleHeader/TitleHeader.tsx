import { useAppSelector } from '../../app';
import { useHoverTip } from '../SharedTooltip';
import './TitleHeader.css';

/**
 * The title header above the toolbar (contracts §5b), present when `param.showHeader`: the
 * document's title as plain text (React renders it as text; the facility client has already
 * stripped control characters and capped its length), in full in the shared tooltip. Plain
 * markup in antd's default theme's measures (TitleHeader.css): it shows before antd has loaded
 * (docs/decisions/2026-11-27-toolbar-without-antd.md).
 */
export function TitleHeader() {
  const showHeader = useAppSelector((state) => state.doc.docData.param.showHeader);
  const title = useAppSelector((state) => state.doc.docData.title);
  const tip = useHoverTip(title);

  if (!showHeader) return null;

  return (
    <header className="folio-title-header">{title !== '' && <h1 {...tip}>{title}</h1>}</header>
  );
}
