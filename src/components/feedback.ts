import type { MessageInstance } from 'antd/es/message/interface';
import { TOAST_DURATION_S } from '../../config/defaults';

export interface Toaster {
  info(text: string): string;
  success(text: string): string;
  warning(text: string): string;
  error(text: string): string;
}

/**
 * spec §9: toasts last 3 s by default and take keys from an incrementing counter, so a caller can
 * close or replace exactly the toast it opened.
 */
export function createToaster(api: MessageInstance, duration = TOAST_DURATION_S): Toaster {
  let counter = 0;
  const open =
    (type: 'info' | 'success' | 'warning' | 'error') =>
    (text: string): string => {
      counter += 1;
      const key = `folio-toast-${counter}`;
      void api.open({ type, content: text, key, duration });
      return key;
    };
  return {
    info: open('info'),
    success: open('success'),
    warning: open('warning'),
    error: open('error'),
  };
}
