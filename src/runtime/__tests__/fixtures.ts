/** A promise the test settles by hand, so effect timing never depends on the clock. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks and saga steps run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
