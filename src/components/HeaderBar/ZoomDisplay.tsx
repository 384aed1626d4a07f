import { DownOutlined } from '@ant-design/icons';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useAppSelector } from '../../app';
import { selectZoomPercent } from '../../models/doc/selectors';
import { useMessages } from '../../i18n';
import { toolbarMessages } from '../../i18n/messages/toolbar';
import type { ZoomMenuProps } from './ZoomMenu';

/** The class of the display's button, for finding it while its menu arrives. */
const DISPLAY_CLASS = 'folio-zoom-display';

/**
 * The zoom display (contracts §5: named `Zoom`, showing e.g. `120%`; its accessible name carries
 * what it shows, `Zoom 120%`, so a voice-control user can say what they see). A plain button that
 * opens ZoomMenu, which comes with antd in `reading-panels`
 * (docs/decisions/2026-11-27-toolbar-without-antd.md): a click before it has come asks for it
 * (`onWantMenu`) and the menu opens when it does.
 */
export function ZoomDisplay({
  menu: Menu,
  onWantMenu,
}: {
  menu?: ComponentType<ZoomMenuProps>;
  onWantMenu?: () => void;
}) {
  const t = useMessages(toolbarMessages);
  const percent = useAppSelector(selectZoomPercent);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  // The menu wraps the button, which React then makes anew: the keyboard's focus goes with it.
  // Read while the old button is still in the document.
  const hadFocus = useMemo(
    () => Menu !== undefined && document.activeElement?.classList.contains(DISPLAY_CLASS) === true,
    [Menu],
  );
  useLayoutEffect(() => {
    if (hadFocus) ref.current?.focus();
  }, [hadFocus]);

  const button = (
    <button
      ref={ref}
      type="button"
      className={`folio-tool-button ${DISPLAY_CLASS}`}
      aria-label={t('toolbar.zoom', { percent })}
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={
        Menu
          ? undefined
          : () => {
              setOpen(true);
              onWantMenu?.();
            }
      }
    >
      {t('toolbar.zoomValue', { percent })}
      <DownOutlined aria-hidden style={{ fontSize: 10 }} />
    </button>
  );
  return Menu ? (
    <Menu open={open} onOpenChange={setOpen}>
      {button}
    </Menu>
  ) : (
    button
  );
}
