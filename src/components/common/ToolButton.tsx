import { LoadingOutlined } from '@ant-design/icons';
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
 * toggle (`aria-pressed`), tinted while on (ToolButton.css). A plain `<button>` styled as antd's
 * text button, not antd's Button: the toolbar is usable before antd has loaded
 * (docs/decisions/2026-11-27-toolbar-without-antd.md).
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
  /** The button's action is running: a spinner in place of the icon, and clicks do nothing. */
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
    <button
      ref={ref}
      type="button"
      className="folio-tool-button"
      aria-label={label}
      aria-pressed={pressed}
      aria-haspopup={opensDialog && 'dialog'}
      aria-expanded={opensDialog?.open}
      aria-busy={loading || undefined}
      onClick={() => {
        if (!loading) onClick();
      }}
      onMouseEnter={(event) => hints?.show(event.currentTarget, tooltip)}
      onMouseLeave={(event) => hints?.hide(event.currentTarget)}
      disabled={disabled}
    >
      <span className="folio-tool-button-icon" aria-hidden="true">
        {loading ? <LoadingOutlined spin /> : icon}
      </span>
    </button>
  );
}
