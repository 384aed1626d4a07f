import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useMediaQuery } from './useNarrowScreen';
import './HeaderBar.css';

/** A pointer that can hover: a tooltip on a touch screen would stay up after the tap. */
const CAN_HOVER_QUERY = '(hover: hover)';

/**
 * An icon button whose accessible name is its label (DESIGN §5), with the same label (or
 * `tooltip`) as a tooltip for pointer users. With `pressed` it is a toggle (`aria-pressed`),
 * tinted while on. Its antd props never change with `pressed`: antd remakes the button's element
 * when its colour or variant changes, which would drop the keyboard focus at each toggle, so
 * HeaderBar.css styles `[aria-pressed="true"]` instead.
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
  const canHover = useMediaQuery(CAN_HOVER_QUERY);
  return (
    <Tooltip title={canHover ? tooltip : undefined}>
      <Button
        type="text"
        className="folio-tool-button"
        aria-label={label}
        aria-pressed={pressed}
        aria-haspopup={opensDialog && 'dialog'}
        aria-expanded={opensDialog?.open}
        icon={icon}
        loading={loading}
        onClick={onClick}
        disabled={disabled}
      />
    </Tooltip>
  );
}
