/**
 * The document pdf.js's viewer sees: its requests still unanswered when the engine goes fail
 * quietly (docs/decisions/2026-12-06-listing-view.md, "Leaving a PDF while pdf.js works").
 */
import { teardownSafe } from '../teardownSafe';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A stand-in for pdf.js's objects: private state, a getter, promises settled by the test. */
class FakePage {
  readonly #number: number;
  constructor(number: number) {
    this.#number = number;
  }
  get pageNumber() {
    return this.#number;
  }
  getViewport() {
    return { width: 100 * this.#number };
  }
  render() {
    return { promise: Promise.resolve() };
  }
  annotations = deferred<string[]>();
  getAnnotations() {
    return this.annotations.promise;
  }
}

class FakeDocument {
  readonly #pages = new Map<number, FakePage>();
  readonly numPages = 3;
  metadata = deferred<{ info: object }>();
  pending = new Map<number, Deferred<FakePage>>();
  getMetadata() {
    return this.metadata.promise;
  }
  getPage(n: number) {
    const asked = deferred<FakePage>();
    this.pending.set(n, asked);
    return asked.promise;
  }
  answer(n: number) {
    const page = this.#pages.get(n) ?? new FakePage(n);
    this.#pages.set(n, page);
    this.pending.get(n)?.resolve(page);
    return page;
  }
  fail(n: number, error: Error) {
    this.pending.get(n)?.reject(error);
  }
  cleanupCount = 0;
  cleanup() {
    this.cleanupCount += 1;
    return true;
  }
}

/** Lets promise chains settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** How a promise stands after the chains have settled. */
async function state(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  let result: 'resolved' | 'rejected' | 'pending' = 'pending';
  promise.then(
    () => (result = 'resolved'),
    () => (result = 'rejected'),
  );
  await settle();
  return result;
}

function setup() {
  const pdf = new FakeDocument();
  let over = false;
  const seen = teardownSafe(pdf, () => over);
  return {
    pdf,
    seen,
    end: () => {
      over = true;
    },
  };
}

describe('teardownSafe', () => {
  it('is the document itself while the engine lives: values, getters, answers, failures', async () => {
    const { pdf, seen } = setup();
    expect(seen.numPages).toBe(3);
    expect(seen.cleanup()).toBe(true);
    expect(pdf.cleanupCount).toBe(1);
    const metadata = seen.getMetadata();
    pdf.metadata.resolve({ info: { Title: 'T' } });
    await expect(metadata).resolves.toEqual({ info: { Title: 'T' } });
    const failing = seen.getPage(2);
    const broken = new Error('Invalid page request.');
    pdf.fail(2, broken);
    await expect(failing).rejects.toBe(broken);
  });

  it('gives pages that are pdf.js’s own pages behind (private fields, getters), the same one each time', async () => {
    const { pdf, seen } = setup();
    const first = seen.getPage(1);
    pdf.answer(1);
    const page = await first;
    expect(page).toBeInstanceOf(FakePage);
    expect(page.pageNumber).toBe(1);
    expect(page.getViewport()).toEqual({ width: 100 });
    const again = seen.getPage(1);
    pdf.answer(1);
    expect(await again).toBe(page);
    // One function per method, as pdf.js's would be, called on pdf.js's page even when detached.
    const method: unknown = Reflect.get(page, 'getAnnotations');
    expect(Reflect.get(page, 'getAnnotations')).toBe(method);
    const annotations = (method as () => Promise<string[]>)();
    (await first).annotations.resolve(['link']);
    await expect(annotations).resolves.toEqual(['link']);
  });

  it('once the engine is gone, what was asked before and fails never settles (no uncaught rejection)', async () => {
    const { pdf, seen, end } = setup();
    // What pdf.js's viewer leaves running: the metadata (a `.then` without a rejection handler)
    // and the pages beyond the first.
    const metadata = seen.getMetadata();
    const pages = [seen.getPage(2), seen.getPage(3)];
    const first = seen.getPage(1);
    const page = pdf.answer(1);
    const annotations = (await first).getAnnotations();
    end();
    const terminated = Object.assign(new Error('Worker was terminated.'), {
      name: 'AbortException',
    });
    pdf.metadata.reject(terminated);
    pdf.fail(2, new Error('Transport destroyed'));
    pdf.fail(3, terminated);
    page.annotations.reject(terminated);
    expect(await state(metadata)).toBe('pending');
    expect(await state(pages[0] as Promise<unknown>)).toBe('pending');
    expect(await state(pages[1] as Promise<unknown>)).toBe('pending');
    expect(await state(annotations)).toBe('pending');
  });

  it('still gives what succeeds after the engine is gone', async () => {
    const { pdf, seen, end } = setup();
    const metadata = seen.getMetadata();
    end();
    pdf.metadata.resolve({ info: {} });
    await expect(metadata).resolves.toEqual({ info: {} });
  });
});
