/**
 * pdf.js's worker as the entry starts it (earlyWorker.ts): on a document link, unless the boot has
 * read an answer that says another view (docs/decisions/2026-12-07-toolbar-and-listing-first-row.md).
 */
const started: string[] = [];

beforeEach(() => {
  jest.resetModules();
  started.length = 0;
  Object.defineProperty(window, 'Worker', {
    configurable: true,
    // Constructible, as jest's mocks are.
    value: jest.fn((url: URL | string) => {
      started.push(String(url));
    }),
  });
});

afterEach(() => {
  Reflect.deleteProperty(window, 'Worker');
  delete window.folioPdfWorker;
  window.history.replaceState(null, '', '/');
});

it('starts the worker with the entry on a document link the boot did not answer', async () => {
  window.history.replaceState(null, '', '/?doc=a.pdf');
  const { pdfWorkerPort } = await import('../earlyWorker');
  expect(started).toHaveLength(1);
  // One worker, whoever asks; the boot sees it there and starts none.
  expect(pdfWorkerPort()).toBe(window.folioPdfWorker);
  expect(started).toHaveLength(1);
});

it('starts none with the entry when the answer said another view, and one once a PDF is opened', async () => {
  window.history.replaceState(null, '', '/?doc=a.zip');
  window.folioPdfWorker = null;
  const { pdfWorkerPort } = await import('../earlyWorker');
  expect(started).toHaveLength(0);
  pdfWorkerPort();
  expect(started).toHaveLength(1);
});
