import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * An icon button whose accessible name is its label (DESIGN §5), with the same label as a
 * tooltip for pointer users.
 */
export function ToolButton({
  label,
  icon,
  onClick,
  disabled = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} icon={icon} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );
}
