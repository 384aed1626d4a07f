import type { TokenState } from './state';

export const selectTokenExpired = ({ token }: { token: TokenState }): boolean => token.expired;
