/** The screen the first frame and the boot's stage lay page 1 out on (plan.ts). */
import { NARROW_SCREEN_QUERY } from '../../../config/defaults';
import type { FirstFrameScreen } from './plan';

/** The width classic scrollbars take here (0 where they overlay the content). */
function scrollbarWidth(): number {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:-100px;width:50px;height:50px;overflow:scroll';
  document.body.append(probe);
  const width = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return width;
}

export function screenNow(): FirstFrameScreen {
  return {
    width: window.innerWidth,
    height: window.innerHeight,
    narrow: window.matchMedia(NARROW_SCREEN_QUERY).matches,
    scrollbar: scrollbarWidth(),
    pixelRatio: window.devicePixelRatio || 1,
  };
}
