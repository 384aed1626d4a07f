export { MAX_DOC_ID_LENGTH, readDocId } from './docId';
export type { DocIdResult } from './docId';
export { docIdFromSearch, langFromSearch, namesDocument } from './query';
export { formatHash, hashForView, parseHash, readHashKey } from './hash';
export type { HashView } from './hash';
export { linkedDocId, NO_LINK, readLink, sameView } from './link';
export type { Link } from './link';
export { followLink } from './follow';
export { writeHash } from './writeHash';
