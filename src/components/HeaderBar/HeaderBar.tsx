import {
  LeftOutlined,
  MenuOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useRef } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import {
  selectCanGoNext,
  selectCanGoPrev,
  selectCanZoomIn,
  selectCanZoomOut,
  selectParam,
  selectListingOf,
  selectShownTitle,
} from '../../models/doc/selectors';
import { useMessages } from '../../i18n';
import { toolbarMessages } from '../../i18n/messages/toolbar';
import { mobileMessages } from '../MobileMenu/messages';
import { PageNumberInput } from './PageNumberInput';
import { ToolButton } from '../common/ToolButton';
import { BackToList } from '../BackToList';
import { ZoomDisplay } from './ZoomDisplay';
import { useNarrowScreen } from '../common/useNarrowScreen';
import { useHoverTip } from '../SharedTooltip';
import type { MobileMenuProps } from '../MobileMenu/MobileMenu';
import type { ZoomMenuProps } from './ZoomMenu';
import './HeaderBar.css';

/** Its own strings and the mobile menu's name, which the `Menu` button carries. */
const strings = { ...toolbarMessages, ...mobileMessages };

/** The toolbar's parts made with antd, which come with `reading-panels` (ReadingPanels.ts). */
export interface ToolbarMenus {
  ZoomMenu: ComponentType<ZoomMenuProps>;
  MobileMenu: ComponentType<MobileMenuProps>;
}

export interface HeaderBarProps {
  /**
   * Controls that later features add at the toolbar's end (Search, Print, Download, Thumbnails,
   * Outline, Fullscreen, Sign). Each decides its own presence from `param`; the bar only places
   * them.
   */
  right?: ReactNode;
  /** The zoom and mobile menus, once they have loaded. */
  menus?: ToolbarMenus;
  /** The reader opened a menu before it had loaded. */
  onWantMenus?: () => void;
}

/**
 * The toolbar (contracts §5/§5b), present when `param.showHeaderBar`. Every control carries its
 * contracts §5 name; a control whose flag is off is absent; Previous/Next and Zoom out/in are
 * disabled at the model's limits.
 *
 * Narrow screens (≤ 768 px, phones): the title takes a row of its own (squeezed beside the
 * controls it would show two letters); page and zoom controls stay on the bar; rotation and the
 * whole `right` slot move into the mobile menu, opened by `Menu` (and the floating ball).
 *
 * Plain markup and Folio's own buttons, no antd (HeaderBar.css): its controls work before antd
 * has loaded; the zoom and mobile menus (`menus`) come with it
 * (docs/decisions/2026-11-27-toolbar-without-antd.md).
 */
export function HeaderBar({ right, menus, onWantMenus }: HeaderBarProps) {
  const t = useMessages(strings);
  const dispatch = useAppDispatch();
  const param = useAppSelector(selectParam);
  const title = useAppSelector(selectShownTitle);
  const listingOf = useAppSelector(selectListingOf);
  const canGoPrev = useAppSelector(selectCanGoPrev);
  const canGoNext = useAppSelector(selectCanGoNext);
  const canZoomOut = useAppSelector(selectCanZoomOut);
  const canZoomIn = useAppSelector(selectCanZoomIn);
  const narrow = useNarrowScreen();
  const menuOpen = useAppSelector((state) => state.doc.showMobileMenu);
  const titleTip = useHoverTip(title);
  const barRef = useRef<HTMLElement>(null);

  if (!param.showHeaderBar) return null;

  const showTitle = title !== '';
  const entry = listingOf !== undefined;

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
    <section ref={barRef} aria-label={t('toolbar.label')} className="folio-header-bar">
      {/* The title, or on wide screens an empty spacer that keeps the controls at the end; an
          archive's entry starts it with the way back to its listing. */}
      {(showTitle || !narrow || entry) && (
        <div
          className={
            entry ? 'folio-header-bar-start folio-header-bar-start-back' : 'folio-header-bar-start'
          }
          style={{ flex: narrow ? '1 0 100%' : '1 1 0' }}
        >
          {entry && <BackToList />}
          {showTitle && (
            <span className="folio-header-bar-title" {...titleTip}>
              {title}
            </span>
          )}
        </div>
      )}

      <div className="folio-header-bar-group">
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

      <div className="folio-header-bar-group">
        <ToolButton
          label={t('toolbar.zoomOut')}
          icon={<ZoomOutOutlined />}
          disabled={!canZoomOut}
          onClick={() => dispatch(docActions.zoomBy(-1))}
        />
        {param.isShowZoom && <ZoomDisplay menu={menus?.ZoomMenu} onWantMenu={onWantMenus} />}
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
          {menus && (
            <menus.MobileMenu
              container={() =>
                barRef.current?.closest<HTMLElement>('.folio-viewer') ?? document.body
              }
            >
              {rotate}
              {right}
            </menus.MobileMenu>
          )}
        </>
      ) : (
        <>
          {rotate !== undefined && <div className="folio-header-bar-group">{rotate}</div>}
          {right !== undefined && <div className="folio-header-bar-group">{right}</div>}
        </>
      )}
    </section>
  );
}
