import {
  LeftOutlined,
  MenuOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Tooltip, theme } from 'antd';
import { useRef } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import {
  selectCanGoNext,
  selectCanGoPrev,
  selectCanZoomIn,
  selectCanZoomOut,
  selectParam,
  selectShownTitle,
} from '../../models/doc/selectors';
import { useT } from '../../i18n';
import { PageNumberInput } from './PageNumberInput';
import { ToolButton } from '../common/ToolButton';
import { ZoomDisplay } from './ZoomDisplay';
import { useNarrowScreen } from '../common/useNarrowScreen';
import { MobileMenu } from '../MobileMenu';

export interface HeaderBarProps {
  /**
   * Controls that later features add at the toolbar's end (Search, Print, Download, Thumbnails,
   * Outline, Fullscreen, Sign). Each decides its own presence from `param`; the bar only places
   * them.
   */
  right?: ReactNode;
}

const group: CSSProperties = { display: 'flex', alignItems: 'center', gap: 2 };

/**
 * The toolbar (contracts §5/§5b), present when `param.showHeaderBar`. Every control carries its
 * contracts §5 name; a control whose flag is off is absent; Previous/Next and Zoom out/in are
 * disabled at the model's limits.
 *
 * Narrow screens (≤ 768 px, phones): the title takes a row of its own (squeezed beside the
 * controls it would show two letters); page and zoom controls stay on the bar; rotation and the
 * whole `right` slot move into the mobile menu, opened by `Menu` (and the floating ball).
 */
export function HeaderBar({ right }: HeaderBarProps) {
  const t = useT();
  const dispatch = useAppDispatch();
  const param = useAppSelector(selectParam);
  const title = useAppSelector(selectShownTitle);
  const canGoPrev = useAppSelector(selectCanGoPrev);
  const canGoNext = useAppSelector(selectCanGoNext);
  const canZoomOut = useAppSelector(selectCanZoomOut);
  const canZoomIn = useAppSelector(selectCanZoomIn);
  const narrow = useNarrowScreen();
  const menuOpen = useAppSelector((state) => state.doc.showMobileMenu);
  const { token } = theme.useToken();
  const barRef = useRef<HTMLElement>(null);

  if (!param.showHeaderBar) return null;

  const showTitle = title !== '';

  const rotate = param.showRotate ? (
    <>
      <ToolButton
        label={t('toolbar.rotateCounterclockwise')}
        icon={<RotateLeftOutlined />}
        onClick={() => dispatch(docActions.rotateBy(-1))}
      />
      <ToolButton
        label={t('toolbar.rotateClockwise')}
        icon={<RotateRightOutlined />}
        onClick={() => dispatch(docActions.rotateBy(1))}
      />
    </>
  ) : undefined;

  return (
    <section
      ref={barRef}
      aria-label={t('toolbar.label')}
      className="folio-header-bar"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: token.marginXS,
        padding: `${token.paddingXXS}px ${token.paddingXS}px`,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {/* The title, or on wide screens an empty spacer that keeps the controls at the end. */}
      {(showTitle || !narrow) && (
        <div style={{ flex: narrow ? '1 0 100%' : '1 1 0', minWidth: 0 }}>
          {showTitle && (
            <Tooltip title={title}>
              <span
                className="folio-header-bar-title"
                style={{
                  display: 'block',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {title}
              </span>
            </Tooltip>
          )}
        </div>
      )}

      <div style={group}>
        <ToolButton
          label={t('toolbar.previousPage')}
          icon={<LeftOutlined />}
          disabled={!canGoPrev}
          onClick={() => dispatch(docActions.prevPage())}
        />
        {param.showNum && <PageNumberInput />}
        <ToolButton
          label={t('toolbar.nextPage')}
          icon={<RightOutlined />}
          disabled={!canGoNext}
          onClick={() => dispatch(docActions.nextPage())}
        />
      </div>

      <div style={group}>
        <ToolButton
          label={t('toolbar.zoomOut')}
          icon={<ZoomOutOutlined />}
          disabled={!canZoomOut}
          onClick={() => dispatch(docActions.zoomBy(-1))}
        />
        {param.isShowZoom && <ZoomDisplay />}
        <ToolButton
          label={t('toolbar.zoomIn')}
          icon={<ZoomInOutlined />}
          disabled={!canZoomIn}
          onClick={() => dispatch(docActions.zoomBy(1))}
        />
      </div>

      {narrow ? (
        <>
          <ToolButton
            label={t('mobile.menu')}
            opensDialog={{ open: menuOpen }}
            icon={<MenuOutlined />}
            onClick={() => dispatch(docActions.toggleMobileMenu())}
          />
          <MobileMenu
            container={() => barRef.current?.closest<HTMLElement>('.folio-viewer') ?? document.body}
          >
            {rotate}
            {right}
          </MobileMenu>
        </>
      ) : (
        <>
          {rotate !== undefined && <div style={group}>{rotate}</div>}
          {right !== undefined && <div style={group}>{right}</div>}
        </>
      )}
    </section>
  );
}
