import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import './HeaderBar.css';

/**
 * An icon button whose accessible name is its label (DESIGN §5), with the same label as a
 * tooltip for pointer users. With `pressed` it is a toggle (`aria-pressed`), tinted while on.
 * Its antd props never change with `pressed`: antd remakes the button's element when its colour
 * or variant changes, which would drop the keyboard focus at each toggle, so HeaderBar.css styles
 * `[aria-pressed="true"]` instead.
 */
export function ToolButton({
  label,
  icon,
  onClick,
  disabled = false,
  pressed,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="folio-tool-button"
        aria-label={label}
        aria-pressed={pressed}
        icon={icon}
        onClick={onClick}
        disabled={disabled}
      />
    </Tooltip>
  );
}
