import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useSharedTooltip } from '../SharedTooltip';
import { useMediaQuery } from './useNarrowScreen';
import './ToolButton.css';

/** A pointer that can hover: a tooltip on a touch screen would stay up after the tap. */
const CAN_HOVER_QUERY = '(hover: hover)';

/**
 * An icon button whose accessible name is its label (contracts §5), with the same label (or
 * `tooltip`) in the shared tooltip for pointer users (SharedTooltip). With `pressed` it is a
 * toggle (`aria-pressed`), tinted while on. Its antd props never change with `pressed`: antd
 * remakes the button's element when its colour or variant changes, which would drop the keyboard
 * focus at each toggle, so ToolButton.css styles `[aria-pressed="true"]` instead.
 */
export function ToolButton({
  label,
  icon,
  onClick,
  disabled = false,
  pressed,
  loading = false,
  tooltip = label,
  opensDialog,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  /** The button's action is running (antd's spinner in place of the icon). */
  loading?: boolean;
  tooltip?: string;
  /** For a control that opens a dialog: whether it is open now (`aria-expanded`). */
  opensDialog?: { open: boolean };
}) {
  const shared = useSharedTooltip();
  const hints = useMediaQuery(CAN_HOVER_QUERY) ? shared : undefined;
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = ref.current;
    if (button) hints?.retitle(button, tooltip);
  }, [hints, tooltip]);
  useEffect(
    () => () => {
      const button = ref.current;
      if (button) hints?.hide(button);
    },
    [hints],
  );
  return (
    <Button
      ref={ref}
      type="text"
      className="folio-tool-button"
      aria-label={label}
      aria-pressed={pressed}
      aria-haspopup={opensDialog && 'dialog'}
      aria-expanded={opensDialog?.open}
      icon={icon}
      loading={loading}
      onClick={onClick}
      onMouseEnter={(event) => hints?.show(event.currentTarget, tooltip)}
      onMouseLeave={(event) => hints?.hide(event.currentTarget)}
      disabled={disabled}
    />
  );
}
