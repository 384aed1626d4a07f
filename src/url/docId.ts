/** Longer ids are not ids a facility hands out; they are mistakes or probes. */
export const MAX_DOC_ID_LENGTH = 512;

/**
 * `?doc=` is an opaque facility id (contracts §4): anything printable goes through, URL-encoded by
 * the facility client; control characters and absurd lengths are refused before any request.
 */
export type DocIdResult = { kind: 'none' } | { kind: 'invalid' } | { kind: 'id'; id: string };

export function readDocId(raw: string | null): DocIdResult {
  const id = raw?.trim() ?? '';
  if (id === '') return { kind: 'none' };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (id.length > MAX_DOC_ID_LENGTH || /[\u0000-\u001f\u007f-\u009f]/.test(id)) {
    return { kind: 'invalid' };
  }
  return { kind: 'id', id };
}
