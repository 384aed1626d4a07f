import { Dropdown, Input, theme } from 'antd';
import type { MenuProps } from 'antd';
import { cloneElement, isValidElement, useState } from 'react';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import {
  selectMaxZoomPercent,
  selectMinZoomPercent,
  selectZoomPercent,
} from '../../models/doc/selectors';
import { useMessages } from '../../i18n';
import { toolbarMessages } from '../../i18n/messages/toolbar';
import { AntdConfig } from '../Shell';

/** The presets of the zoom menu, in percent. */
export const ZOOM_PRESETS = [50, 75, 100, 125, 150, 200] as const;

/** A percentage as a reader types it: `150`, `150%`, `87.5`; undefined when it is not one. */
export function parsePercent(text: string): number | undefined {
  const match = /^\s*(\d{1,4}(?:\.\d+)?)\s*%?\s*$/.exec(text);
  if (!match?.[1]) return undefined;
  const percent = Number(match[1]);
  return percent > 0 ? percent : undefined;
}

export interface ZoomMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The zoom display's button, which opens the menu. */
  children: ReactElement;
}

/**
 * The zoom display's menu (ZoomDisplay.tsx): presets and a `Zoom percentage` input for an exact
 * value (Enter applies it); the model clamps both (spec §5), and presets outside this document's
 * zoom range are disabled. Keyboard: Enter or Space opens it, Tab moves into it, Escape closes it
 * and gives focus back (antd's Dropdown). Part of `reading-panels`, with antd.
 */
export function ZoomMenu({ open, onOpenChange, children }: ZoomMenuProps) {
  const t = useMessages(toolbarMessages);
  const dispatch = useAppDispatch();
  const percent = useAppSelector(selectZoomPercent);
  const minPercent = useAppSelector(selectMinZoomPercent);
  const maxPercent = useAppSelector(selectMaxZoomPercent);
  const [draft, setDraft] = useState(() => String(percent));

  const openChange = (next: boolean) => {
    if (next) setDraft(String(percent));
    onOpenChange(next);
  };

  const zoomTo = (value: number) => {
    dispatch(docActions.zoomTo(value));
    onOpenChange(false);
  };

  const items: MenuProps['items'] = ZOOM_PRESETS.map((preset) => ({
    key: String(preset),
    label: t('toolbar.zoomValue', { percent: preset }),
    disabled: preset < Math.round(minPercent) || preset > Math.round(maxPercent),
  }));

  return (
    <AntdConfig staticStyles>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={openChange}
        destroyOnHidden
        menu={{
          items,
          selectable: true,
          selectedKeys: [String(percent)],
          onClick: ({ key }) => {
            zoomTo(Number(key));
          },
        }}
        popupRender={(menu) => (
          <MenuBox>
            {/* One box for menu and entry: the menu's own shadow goes. */}
            {isValidElement<{ style?: CSSProperties }>(menu)
              ? cloneElement(menu, { style: { boxShadow: 'none' } })
              : menu}
            <div style={{ padding: 8 }}>
              <Input
                aria-label={t('toolbar.zoomPercentage')}
                inputMode="decimal"
                autoComplete="off"
                size="small"
                suffix="%"
                style={{ width: 96 }}
                value={draft}
                onFocus={(event) => {
                  event.currentTarget.select();
                }}
                onChange={(event) => {
                  setDraft(event.target.value);
                }}
                onPressEnter={() => {
                  const value = parsePercent(draft);
                  if (value === undefined) setDraft(String(percent));
                  else zoomTo(value);
                }}
              />
            </div>
          </MenuBox>
        )}
      >
        {children}
      </Dropdown>
    </AntdConfig>
  );
}

function MenuBox({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      {children}
    </div>
  );
}
