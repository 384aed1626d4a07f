/** What the page view reads of the link. */
import { parseHash } from '../../url';
import type { UrlState } from './state';

/** The link's `#zoom` (percent), once it is one the url model applies; it wins over fitting the width. */
export const selectLinkZoom = (state: { url: UrlState }): number | undefined =>
  parseHash(state.url.link.hash).zoom;
