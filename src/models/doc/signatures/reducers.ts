/**
 * The doc model's signature reducers (spec §4): the pad's states and the placed signatures
 * (`signDataArr`); the `sign` model works around them (docs/decisions/2026-11-29-doc-state-by-concern.md).
 */
import type { Action } from '../../../runtime';
import type { SignatureItem } from '../../../domain/document';
import type { DocState } from '../state';
import { clamp } from '../reading/reducers';

/** A signature's new box, in PDF points (see SignatureItem). */
export interface SignatureMove {
  index: number;
  box: Pick<SignatureItem, 'x' | 'y' | 'width' | 'height'>;
}

export const signatureReducers = {
  toggleSignState: (state: DocState): DocState => ({ ...state, signState: !state.signState }),
  /** Folio (host command): opens the pad, as a dialog or, on phones (payload true), full screen. */
  openSignPad: (state: DocState, { payload: narrow }: Action<boolean>): DocState =>
    narrow ? { ...state, mobileSignState: true } : { ...state, signState: true },
  toggleMobileSignState: (state: DocState): DocState => ({
    ...state,
    mobileSignState: !state.mobileSignState,
  }),
  setSigned: (state: DocState, { payload }: Action<boolean>): DocState => ({
    ...state,
    isSigned: payload,
  }),
  setMobSigned: (state: DocState, { payload }: Action<boolean>): DocState => ({
    ...state,
    isMobSigned: payload,
  }),
  /** spec §4: inserted at index `canvasNum`, clamped to 0..length. */
  insertSignature: (state: DocState, { payload }: Action<SignatureItem>): DocState => {
    const list = state.signDataArr;
    const at = Number.isFinite(payload.canvasNum)
      ? clamp(Math.floor(payload.canvasNum), 0, list.length)
      : list.length;
    return { ...state, signDataArr: [...list.slice(0, at), payload, ...list.slice(at)] };
  },
  /** spec §4: removed by index; an index with no item changes nothing. */
  removeSignature: (state: DocState, { payload }: Action<number>): DocState => {
    if (!Number.isInteger(payload) || payload < 0 || payload >= state.signDataArr.length) {
      return state;
    }
    return { ...state, signDataArr: state.signDataArr.filter((_, i) => i !== payload) };
  },
  clearSignatures: (state: DocState): DocState => ({ ...state, signDataArr: [] }),
  /** Folio: a placed signature moved or resized; an index with no item changes nothing. */
  moveSignature: (state: DocState, { payload }: Action<SignatureMove>): DocState => {
    const { index, box } = payload;
    const item = state.signDataArr[index] as SignatureItem | undefined;
    const valid = [box.x, box.y, box.width, box.height].every(Number.isFinite);
    if (!item || !valid || box.width <= 0 || box.height <= 0) return state;
    const signDataArr = state.signDataArr.map((it, i) => (i === index ? { ...it, ...box } : it));
    return { ...state, signDataArr };
  },
  /** Folio: the document's signatures as they were kept (behaviour.md, "Signatures": restored after a reload). */
  restoreSignatures: (
    state: DocState,
    { payload }: Action<readonly SignatureItem[]>,
  ): DocState => ({
    ...state,
    signDataArr: [...payload],
  }),
};
