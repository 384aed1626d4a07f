/** The doc model's display follows the browser's fullscreen (contracts §1: subscriptions own their listeners). */
import type { SubscriptionsMap } from '../../../runtime';
import { docActions as actions } from '../actions';

export const displaySubscriptions = {
  /**
   * The model follows the browser: when fullscreen ends outside Folio (Esc, F11, the browser's own
   * UI), `showFullscreen` goes back to false.
   */
  followFullscreen({ dispatch }) {
    if (typeof document === 'undefined') return undefined;
    const onChange = () => {
      if (!document.fullscreenElement) dispatch(actions.cancelFullscreen());
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
    };
  },
} satisfies SubscriptionsMap;
