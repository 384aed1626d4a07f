import type { LinkState } from './state';

export const selectLinkExpired = ({ link }: { link: LinkState }): boolean => link.expired;
