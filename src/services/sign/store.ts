/**
 * Placed signatures kept per document (behaviour.md, "Signatures": "nothing lost"), in IndexedDB through idb-keyval:
 * it survives a reload and a crashed tab, holds megabytes of PNG data URLs where localStorage
 * would hit its quota, and works asynchronously. What comes back is checked, since anything may
 * be in the database (an older Folio, another tab, a hand edit).
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import type { SignatureItem } from '../../domain/document';

/** The part of idb-keyval the store uses, so tests can give it a Map. */
export interface KeyValue {
  get: (key: string) => Promise<unknown>;
  set: (key: string, value: unknown) => Promise<void>;
  del: (key: string) => Promise<void>;
}

export interface SignatureStore {
  load: (docId: string) => Promise<SignatureItem[]>;
  /** Keeps the list; an empty one removes the document's entry. */
  save: (docId: string, items: readonly SignatureItem[]) => Promise<void>;
}

const key = (docId: string) => `signatures:${docId}`;

function isItem(value: unknown): value is SignatureItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  const finite = (k: string) => typeof item[k] === 'number' && Number.isFinite(item[k]);
  return (
    ['canvasNum', 'x', 'y', 'width', 'height'].every(finite) &&
    typeof item.image === 'string' &&
    item.image.startsWith('data:image/png;base64,')
  );
}

export function createSignatureStore(kv: KeyValue): SignatureStore {
  return {
    async load(docId) {
      const value = await kv.get(key(docId));
      return Array.isArray(value) ? value.filter(isItem) : [];
    },
    async save(docId, items) {
      if (items.length === 0) await kv.del(key(docId));
      else
        await kv.set(
          key(docId),
          items.map((item) => ({ ...item })),
        );
    },
  };
}

let idb: UseStore | undefined;

/** Folio's own database (`folio`, store `signatures`), opened on first use. */
function idbKeyValue(): KeyValue {
  idb ??= createStore('folio', 'signatures');
  const db = idb;
  return {
    get: (k) => get(k, db),
    set: (k, v) => set(k, v, db),
    del: (k) => del(k, db),
  };
}

/** Where there is no IndexedDB (jsdom, some locked-down browsers) nothing is kept, quietly. */
const nowhere: KeyValue = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  del: () => Promise.resolve(),
};

const available = () => typeof indexedDB !== 'undefined';

export const signatureStore: SignatureStore = createSignatureStore({
  get: (k) => (available() ? idbKeyValue() : nowhere).get(k),
  set: (k, v) => (available() ? idbKeyValue() : nowhere).set(k, v),
  del: (k) => (available() ? idbKeyValue() : nowhere).del(k),
});
