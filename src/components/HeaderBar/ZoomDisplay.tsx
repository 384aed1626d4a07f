import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, theme } from 'antd';
import type { MenuProps } from 'antd';
import { cloneElement, isValidElement, useState } from 'react';
import type { CSSProperties } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import {
  selectMaxZoomPercent,
  selectMinZoomPercent,
  selectZoomPercent,
} from '../../models/doc/selectors';
import { useT } from '../../i18n';

/** The presets of the zoom menu, in percent. */
export const ZOOM_PRESETS = [50, 75, 100, 125, 150, 200] as const;

/** A percentage as a reader types it: `150`, `150%`, `87.5`; undefined when it is not one. */
export function parsePercent(text: string): number | undefined {
  const match = /^\s*(\d{1,4}(?:\.\d+)?)\s*%?\s*$/.exec(text);
  if (!match?.[1]) return undefined;
  const percent = Number(match[1]);
  return percent > 0 ? percent : undefined;
}

/**
 * The zoom display (contracts §5: named `Zoom`, showing e.g. `120%`; its accessible name carries what
 * it shows, `Zoom 120%`, so a voice-control user can say what they see). It opens a menu of presets and
 * a `Zoom percentage` input for an exact value (Enter applies it); the model clamps both
 * (spec §5), and presets outside this document's zoom range are disabled. Keyboard: Enter or
 * Space opens it, Tab moves into it, Escape closes it and gives focus back (antd's Dropdown).
 */
export function ZoomDisplay() {
  const t = useT();
  const dispatch = useAppDispatch();
  const percent = useAppSelector(selectZoomPercent);
  const minPercent = useAppSelector(selectMinZoomPercent);
  const maxPercent = useAppSelector(selectMaxZoomPercent);
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');

  const openChange = (next: boolean) => {
    if (next) setDraft(String(percent));
    setOpen(next);
  };

  const zoomTo = (value: number) => {
    dispatch(docActions.zoomTo(value));
    setOpen(false);
  };

  const items: MenuProps['items'] = ZOOM_PRESETS.map((preset) => ({
    key: String(preset),
    label: t('toolbar.zoomValue', { percent: preset }),
    disabled: preset < Math.round(minPercent) || preset > Math.round(maxPercent),
  }));

  return (
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
        <div
          style={{
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {/* One box for menu and entry: the menu's own shadow goes. */}
          {isValidElement<{ style?: CSSProperties }>(menu)
            ? cloneElement(menu, { style: { boxShadow: 'none' } })
            : menu}
          <div style={{ padding: token.paddingXS }}>
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
        </div>
      )}
    >
      <Button
        type="text"
        className="folio-zoom-display"
        aria-label={t('toolbar.zoom', { percent })}
      >
        {t('toolbar.zoomValue', { percent })}
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
