/**
 * The `token` model's state: the signed link the reader came with (docs/embedding.md, "Signed
 * links"). The token itself is never in the store (services/facilityAuth.ts holds it); only when
 * it runs out.
 */
export interface TokenState {
  /** When the current token expires (ms since the epoch); undefined without one or an `exp`. */
  expiresAt: number | undefined;
  /** The token ran out without a renewal: what is on screen stays, nothing more loads. */
  expired: boolean;
}

export const initialTokenState: TokenState = { expiresAt: undefined, expired: false };
