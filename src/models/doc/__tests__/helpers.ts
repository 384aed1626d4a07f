/** Builders for doc states in tests: defaults everywhere except what a row is about. */
import { initialDocState } from '../state';
import type { DocState } from '../state';
import { PARAM_DEFAULTS } from '../../../domain/document';
import type { DocParam, SignatureItem } from '../../../domain/document';
import type { DocData } from '../../../services/facilityDocument';

export type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

export function docState(
  state: Partial<DocState> = {},
  docData: Partial<DocData> = {},
  param: Partial<DocParam> = {},
): DocState {
  return {
    ...initialDocState,
    ...state,
    docData: { ...initialDocState.docData, ...docData, param: { ...PARAM_DEFAULTS, ...param } },
  };
}

export function signature(canvasNum: number, image = `sig-${canvasNum}`): SignatureItem {
  return { canvasNum, x: 10, y: 20, width: 120, height: 40, image };
}

/** Freezes a state all the way down, so a reducer that mutates its input throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
}
