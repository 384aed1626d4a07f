export { MAX_DOC_ID_LENGTH, readDocId } from './docId';
export type { DocIdResult } from './docId';
export { docIdFromSearch, langFromSearch, namesDocument } from './query';
export { formatHash, hashForView, parseHash, readHashKey } from './hash';
export type { HashView } from './hash';
export { isUsableToken, readLinkToken } from './token';
export type { LinkToken } from './token';
