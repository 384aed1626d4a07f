/**
 * The document as an engine's pdf.js viewer sees it (docs/decisions/2026-12-06-listing-view.md,
 * "Leaving a PDF while pdf.js works"). pdf.js's viewer asks the document for things it never
 * cancels: the pages beyond the first (`getPage` of every page, once page 1 is drawn), the
 * metadata (`getMetadata().then(…)`, with no rejection handler), a drawn page's structure tree
 * (awaited by a call nobody catches) and annotations. When the reader leaves the document, the
 * engine goes and then the document is destroyed; what the worker had not answered yet then fails
 * ("Transport destroyed", "Worker was terminated"), and pdf.js logs it as an error or leaves the
 * rejection uncaught.
 *
 * Here every method of the document, and of the pages it gives (`getPage`), is pdf.js's own, called
 * on pdf.js's object, with one difference: a promise it returns that rejects once `over()` is true
 * (the engine is destroyed) never settles instead. Nobody is waiting for it any more: the viewer
 * that asked has let the document go. Before that, a failure reaches pdf.js as it is (a page that
 * cannot be read still shows its error tile).
 */

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * `target` seen through a proxy whose methods' promises are quiet after `over()`. What those
 * promises resolve to is wrapped the same way when it is an object with methods (a page), once per
 * object, so pdf.js always sees the same page object for the same page.
 */
export function teardownSafe<T extends object>(target: T, over: () => boolean): T {
  const wrapped = new WeakMap<object, object>();
  const wrap = <U extends object>(object: U): U => {
    const known = wrapped.get(object);
    if (known) return known as U;
    const methods = new Map<PropertyKey, unknown>();
    const proxy = new Proxy(object, {
      get(obj, property) {
        // pdf.js's getters and private fields need its own object as `this`.
        const value: unknown = Reflect.get(obj, property, obj);
        if (typeof value !== 'function' || property === 'constructor') return value;
        const cached = methods.get(property);
        if (cached) return cached;
        const method = (...args: unknown[]): unknown => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(obj, args);
          return isThenable(result) ? quiet(result) : result;
        };
        methods.set(property, method);
        return method;
      },
    });
    wrapped.set(object, proxy);
    return proxy;
  };
  const quiet = (promise: PromiseLike<unknown>): Promise<unknown> =>
    new Promise((resolve, reject) => {
      promise.then(
        (value) => {
          resolve(isPage(value) ? wrap(value) : value);
        },
        (error: unknown) => {
          // Torn down: the one who asked is gone, and the failure is the teardown's.
          // pdf.js's own reason, passed on as it is.
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          if (!over()) reject(error);
        },
      );
    });
  return wrap(target);
}

/** A pdf.js page (what `getPage` gives): the only result wrapped in turn. */
function isPage(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { getViewport?: unknown }).getViewport === 'function' &&
    typeof (value as { render?: unknown }).render === 'function'
  );
}
