import { Tooltip, theme } from 'antd';
import { useAppSelector } from '../../app';

/**
 * The title header above the toolbar (contracts §5b), present when `param.showHeader`: the
 * document's title as plain text (React renders it as text; the facility client has already
 * stripped control characters and capped its length).
 */
export function TitleHeader() {
  const { token } = theme.useToken();
  const showHeader = useAppSelector((state) => state.doc.docData.param.showHeader);
  const title = useAppSelector((state) => state.doc.docData.title);

  if (!showHeader) return null;

  return (
    <header
      className="folio-title-header"
      style={{
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {title !== '' && (
        <Tooltip title={title}>
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeLG,
              fontWeight: token.fontWeightStrong,
              lineHeight: token.lineHeightLG,
              color: token.colorText,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {title}
          </h1>
        </Tooltip>
      )}
    </header>
  );
}
