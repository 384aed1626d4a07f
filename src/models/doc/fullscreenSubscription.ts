import type { Subscription } from '../../runtime';
import { docReducerActions as actions } from './effects';

/**
 * The model follows the browser: when fullscreen ends outside Folio (Esc, F11, the browser's own
 * UI), `showFullscreen` goes back to false.
 */
export const followFullscreen: Subscription = ({ dispatch }) => {
  if (typeof document === 'undefined') return undefined;
  const onChange = () => {
    if (!document.fullscreenElement) dispatch(actions.cancelFullscreen());
  };
  document.addEventListener('fullscreenchange', onChange);
  return () => {
    document.removeEventListener('fullscreenchange', onChange);
  };
};
