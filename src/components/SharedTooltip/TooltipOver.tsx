import { Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { AntdConfig } from '../Shell';

export interface TooltipOverProps {
  text: string;
  /** Where the element it is about lies, in the viewport. */
  box: CSSProperties;
}

/** antd's Tooltip, open over an invisible box where the shared tooltip's element lies. */
export function TooltipOver({ text, box }: TooltipOverProps) {
  return (
    <AntdConfig staticStyles>
      <Tooltip open title={text}>
        <span aria-hidden="true" style={{ ...box, position: 'fixed', pointerEvents: 'none' }} />
      </Tooltip>
    </AntdConfig>
  );
}
