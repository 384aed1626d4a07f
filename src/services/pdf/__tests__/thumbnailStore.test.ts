/**
 * The thumbnail store's rules: only visible pages are drawn, one at a time, in the order they
 * came into view; what scrolls out is dropped or cancelled; pictures are kept in a bounded LRU
 * that never evicts a visible page; a failure is shown, not retried; rotation draws anew.
 */
import { ThumbnailStore } from '../thumbnailStore';
import type { RasterTask } from '../thumbnailStore';

interface Call {
  page: number;
  rotation: number;
  cancelled: boolean;
  resolve: (url: string) => void;
  reject: (error: Error) => void;
}

function setup(capacity = 60) {
  const calls: Call[] = [];
  const released: string[] = [];
  const store = new ThumbnailStore({
    capacity,
    release: (url) => released.push(url),
    rasterize: (page, rotation): RasterTask => {
      let resolve: Call['resolve'] = () => undefined;
      let reject: Call['reject'] = () => undefined;
      const promise = new Promise<string>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      const call: Call = { page, rotation, cancelled: false, resolve, reject };
      calls.push(call);
      return {
        promise,
        // Marks only: a drawing may still deliver after its cancel (a race the store must handle).
        cancel: () => {
          call.cancelled = true;
        },
      };
    },
  });
  /** Finishes the drawing in flight (the last call) and lets the store move on. */
  const finish = async () => {
    const call = calls.at(-1);
    if (!call) throw new Error('nothing is being drawn');
    call.resolve(`blob:${String(call.page)}@${String(call.rotation)}`);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { store, calls, released, finish };
}

const drawn = (calls: Call[]) => calls.map((c) => c.page);

describe('ThumbnailStore', () => {
  it('draws only visible pages, one at a time, in the order they came into view', async () => {
    const { store, calls, finish } = setup();
    store.show(3);
    store.show(1);
    store.show(2);
    expect(drawn(calls)).toEqual([3]);
    await finish();
    expect(drawn(calls)).toEqual([3, 1]);
    await finish();
    await finish();
    expect(drawn(calls)).toEqual([3, 1, 2]);
    expect(store.get(3)).toEqual({ kind: 'image', url: 'blob:3@0' });
    expect(store.get(7)).toBeUndefined();
  });

  it('a page that scrolls out before its turn is never drawn', async () => {
    const { store, calls, finish } = setup();
    store.show(1);
    store.show(2);
    store.show(3);
    store.hide(2);
    await finish();
    await finish();
    expect(drawn(calls)).toEqual([1, 3]);
  });

  it('a page that scrolls out while drawn is cancelled, and the next one starts', async () => {
    const { store, calls, released } = setup();
    store.show(1);
    store.show(2);
    store.hide(1);
    expect(calls[0]?.cancelled).toBe(true);
    expect(drawn(calls)).toEqual([1, 2]);
    // A cancelled drawing that still delivers is released, not shown.
    calls[0]?.resolve('blob:late');
    await Promise.resolve();
    await Promise.resolve();
    expect(released).toContain('blob:late');
    store.show(1);
    expect(store.get(1)).toBeUndefined();
  });

  it('shows a picture only while its page is visible, and tells the page when it changes', async () => {
    const { store, finish } = setup();
    const listener = jest.fn();
    store.subscribe(4, listener);
    store.show(4);
    expect(listener).toHaveBeenCalledTimes(1);
    await finish();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get(4)?.kind).toBe('image');
    store.hide(4);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(store.get(4)).toBeUndefined();
    // Back in view: from the cache, without drawing again.
    store.show(4);
    expect(store.get(4)).toEqual({ kind: 'image', url: 'blob:4@0' });
  });

  it('keeps at most `capacity` pictures, evicting the least recently seen and freeing them', async () => {
    const { store, calls, released, finish } = setup(3);
    for (const page of [1, 2, 3, 4, 5]) {
      store.show(page);
      await finish();
      store.hide(page);
    }
    expect(store.size).toBe(3);
    expect(released).toEqual(['blob:1@0', 'blob:2@0']);
    // Page 3 seen again becomes the most recent: page 4 goes next, not 3.
    store.show(3);
    store.hide(3);
    store.show(6);
    await finish();
    expect(released).toEqual(['blob:1@0', 'blob:2@0', 'blob:4@0']);
    expect(drawn(calls)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('never evicts a visible page, even beyond capacity', async () => {
    const { store, released, finish } = setup(2);
    for (const page of [1, 2, 3, 4]) store.show(page);
    for (let i = 0; i < 4; i += 1) await finish();
    expect(released).toEqual([]);
    expect([1, 2, 3, 4].map((p) => store.get(p)?.kind)).toEqual([
      'image',
      'image',
      'image',
      'image',
    ]);
    store.hide(1);
    store.hide(2);
    store.show(5);
    await finish();
    expect(store.size).toBe(2 + 1);
    expect(released).toEqual(['blob:1@0', 'blob:2@0']);
  });

  it('a page that fails shows as failed and is not drawn again', async () => {
    const { store, calls } = setup();
    store.show(9);
    calls[0]?.reject(new Error('broken page'));
    await Promise.resolve();
    await Promise.resolve();
    expect(store.get(9)).toEqual({ kind: 'failed' });
    store.hide(9);
    store.show(9);
    expect(drawn(calls)).toEqual([9]);
  });

  it('a new rotation draws the visible pages again, turned; turning back finds them cached', async () => {
    const { store, calls, finish } = setup();
    store.show(1);
    await finish();
    store.setRotation(90);
    expect(store.get(1)).toBeUndefined();
    expect(calls.at(-1)).toMatchObject({ page: 1, rotation: 90 });
    await finish();
    expect(store.get(1)).toEqual({ kind: 'image', url: 'blob:1@90' });
    store.setRotation(-360);
    expect(store.get(1)).toEqual({ kind: 'image', url: 'blob:1@0' });
    expect(calls).toHaveLength(2);
  });

  it('reset cancels, frees every picture and hides every page; the store stays usable', async () => {
    const { store, calls, released, finish } = setup();
    const listener = jest.fn();
    store.subscribe(1, listener);
    store.show(1);
    await finish();
    store.show(2);
    store.reset();
    expect(calls[1]?.cancelled).toBe(true);
    expect(released).toEqual(['blob:1@0']);
    expect(store.get(1)).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(3);
    store.show(1);
    expect(drawn(calls)).toEqual([1, 2, 1]);
  });
});
