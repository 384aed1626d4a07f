/**
 * The signed link's clock (docs/embedding.md, "Signed links"): `setToken` (the link's token at
 * start, or the host's `folio:setToken`) hands the token to the facility client, tells the host
 * {@link EXPIRY_NOTICE_MS} before it runs out (`folio:tokenExpiring`), and marks the link expired
 * when it does. takeLatest: a renewal restarts the clock. A document the facility refused for its
 * token is asked for again with the new one.
 */
import type { Action, EffectCommands } from '../../runtime';
import { setFacilityToken, tokenExpiry } from '../../services/facilityAuth';
import { emitToHost, PROTOCOL_VERSION } from '../../services/host/channel';
import { docActions } from '../doc';
import { tokenActions as own } from './actions';

/** How long before the token runs out the host is asked for a new one. */
export const EXPIRY_NOTICE_MS = 60_000;

const TOKEN_REFUSED = new Set(['tokenMissing', 'tokenInvalid', 'tokenExpired']);

function* setToken(
  { payload: token }: Action<string>,
  { call, put, select, delay }: EffectCommands,
): Generator<unknown, void, unknown> {
  yield* call(setFacilityToken, token);
  const exp = tokenExpiry(token);
  const expiresAt = exp === undefined ? undefined : exp * 1000;
  yield* put(own.tokenSet(expiresAt));
  const doc = yield* select((state) => state.doc);
  if (doc.docId !== undefined && doc.error && TOKEN_REFUSED.has(doc.error.kind)) {
    yield* put(docActions.fetch(doc.docId));
  }
  if (expiresAt === undefined) return;
  const noticeIn = expiresAt - EXPIRY_NOTICE_MS - Date.now();
  if (noticeIn > 0) yield* delay(noticeIn);
  const docId = yield* select((state) => state.doc.docId);
  if (docId !== undefined) {
    yield* call(emitToHost, {
      type: 'folio:tokenExpiring',
      version: PROTOCOL_VERSION,
      docId,
      expiresAt: exp ?? 0,
    });
  }
  const left = expiresAt - Date.now();
  if (left > 0) yield* delay(left);
  yield* put(own.expired());
}

export const tokenEffects = {
  setToken: [setToken, { type: 'takeLatest' }],
} as const;
