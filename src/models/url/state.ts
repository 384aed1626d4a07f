/**
 * The `url` model's state: what the link says now (src/url/link.ts: the document and the hash as
 * written) and the document whose link has been applied, so a hash is applied once per document
 * and written back only after that.
 */
import { NO_LINK } from '../../url';
import type { Link } from '../../url';

export interface UrlState {
  link: Link;
  appliedFor: string | undefined;
}

export const initialUrlState: UrlState = { link: NO_LINK, appliedFor: undefined };
