import { AppstoreAddOutlined } from '@ant-design/icons';
import { Drawer, FloatButton } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import { useMessages } from '../../i18n';
import { mobileMessages } from './messages';
import { AntdConfig } from '../Shell';
import './MobileMenu.css';

/**
 * The mobile menu (contracts §5 `Menu`, spec §4 "the mobile menu can be toggled"; part of
 * `reading-panels`, with antd, which HeaderBar renders once it has loaded): an antd Drawer
 * from the bottom holding the controls that do not fit on a phone's bar. It takes whatever it is
 * given (the toolbar's `right` slot, whoever fills it) and shows each icon button with its
 * accessible name as visible text (MobileMenu.css), so a new control needs no change here.
 *
 * A control used in the menu closes it (the reader wants to see what it did), except one that
 * opens a popup of its own (`aria-haspopup`), which would close with it. Esc and the mask close
 * it too, and the keyboard goes back to what opened it (the `Menu` button or the ball).
 */
export interface MobileMenuProps {
  children: ReactNode;
  /** Where the drawer and the ball live: inside the viewer, so that they stay in fullscreen. */
  container: () => HTMLElement;
}

export function MobileMenu({ children, container }: MobileMenuProps) {
  const t = useMessages(mobileMessages);
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.doc.showMobileMenu);
  const isShowBall = useAppSelector((s) => s.doc.docData.param.isShowBall);
  const close = () => {
    if (open) dispatch(docActions.toggleMobileMenu());
  };
  const closeOnUse = (event: MouseEvent<HTMLDivElement>) => {
    const control = (event.target as Element).closest('button, a[href]');
    if (control && !control.hasAttribute('aria-haspopup') && !control.matches(':disabled')) close();
  };
  return (
    <AntdConfig staticStyles>
      <Drawer
        title={t('mobile.menu')}
        placement="bottom"
        size="auto"
        open={open}
        onClose={close}
        getContainer={container}
        rootClassName="folio-mobile-menu"
      >
        {/* A click from any control inside bubbles here. */}
        <div className="folio-mobile-menu-items" onClick={closeOnUse}>
          {children}
        </div>
      </Drawer>
      {isShowBall && !open && (
        <FloatButton
          className="folio-mobile-ball"
          aria-label={t('mobile.ball')}
          icon={<AppstoreAddOutlined />}
          onClick={() => dispatch(docActions.toggleMobileMenu())}
        />
      )}
    </AntdConfig>
  );
}
