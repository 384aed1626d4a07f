import { createSignatureStore } from '../store';
import type { KeyValue } from '../store';

const PNG = 'data:image/png;base64,AAAA';
const item = (canvasNum: number) => ({ canvasNum, x: 1, y: 2, width: 30, height: 10, image: PNG });

/** idb-keyval's shape over a Map, with values copied as IndexedDB's structured clone does. */
function fakeKeyValue(): KeyValue & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: (k) => Promise.resolve(structuredClone(map.get(k))),
    set: (k, v) => {
      map.set(k, structuredClone(v));
      return Promise.resolve();
    },
    del: (k) => {
      map.delete(k);
      return Promise.resolve();
    },
  };
}

describe('signature store (behaviour.md, "Signatures": nothing lost)', () => {
  it('keeps each document’s signatures apart and gives them back', async () => {
    const kv = fakeKeyValue();
    const store = createSignatureStore(kv);
    await store.save('a.pdf', [item(0), item(2)]);
    await store.save('b.pdf', [item(5)]);
    expect(await store.load('a.pdf')).toEqual([item(0), item(2)]);
    expect(await store.load('b.pdf')).toEqual([item(5)]);
    expect(await store.load('c.pdf')).toEqual([]);
  });

  it('an empty list removes the document’s entry', async () => {
    const kv = fakeKeyValue();
    const store = createSignatureStore(kv);
    await store.save('a.pdf', [item(0)]);
    await store.save('a.pdf', []);
    expect(kv.map.size).toBe(0);
    expect(await store.load('a.pdf')).toEqual([]);
  });

  it('drops whatever in the database is not a signature', async () => {
    const kv = fakeKeyValue();
    const store = createSignatureStore(kv);
    await kv.set('signatures:a.pdf', [
      item(1),
      { ...item(0), x: 'NaN' },
      { ...item(0), image: 'javascript:alert(1)' },
      null,
      42,
    ]);
    expect(await store.load('a.pdf')).toEqual([item(1)]);
    await kv.set('signatures:b.pdf', { not: 'a list' });
    expect(await store.load('b.pdf')).toEqual([]);
  });
});
