import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * An icon button whose accessible name is its label (DESIGN §5), with the same label as a
 * tooltip for pointer users. With `pressed` it is a toggle (`aria-pressed`), filled while on.
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
        {...(pressed ? { color: 'primary', variant: 'filled' } : { type: 'text' })}
        aria-label={label}
        aria-pressed={pressed}
        icon={icon}
        onClick={onClick}
        disabled={disabled}
      />
    </Tooltip>
  );
}
