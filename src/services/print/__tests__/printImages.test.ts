/**
 * The hand-over to the browser's print in jsdom: the container, one print() call, and cleanup on
 * afterprint, after the fallback delay when afterprint never comes, and at once on abort.
 */
import { PRINT_CONTAINER_CLASS, PRINTING_ATTRIBUTE, printImages } from '..';
import type { PrintImage } from '..';

const images: PrintImage[] = [
  { blob: new Blob(['1']), widthPt: 595, heightPt: 842 },
  { blob: new Blob(['2']), widthPt: 842, heightPt: 595 },
];
let live: Set<string>;
let printSpy: jest.Mock;
let observer: MutationObserver;

beforeEach(() => {
  live = new Set();
  let next = 0;
  URL.createObjectURL = () => {
    next += 1;
    const url = `blob:test/${String(next)}`;
    live.add(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    live.delete(url);
  };
  printSpy = jest.fn();
  window.print = printSpy;
  // jsdom never loads images: load them as they are attached.
  observer = new MutationObserver(() => {
    document.querySelectorAll(`.${PRINT_CONTAINER_CLASS} img`).forEach((img) => {
      img.dispatchEvent(new Event('load'));
    });
  });
  observer.observe(document.body, { childList: true });
});

afterEach(() => {
  observer.disconnect();
  jest.useRealTimers();
});

const container = () => document.querySelector(`.${PRINT_CONTAINER_CLASS}`);
const cleanedUp = () => {
  expect(container()).toBeNull();
  expect(live.size).toBe(0);
  expect(document.documentElement.hasAttribute(PRINTING_ATTRIBUTE)).toBe(false);
};

describe('printImages', () => {
  it('one img per page sized in points, print() once, cleanup on afterprint', async () => {
    let seen: { sizes: string[]; printing: boolean } | undefined;
    printSpy.mockImplementation(() => {
      seen = {
        sizes: Array.from(
          document.querySelectorAll<HTMLImageElement>(`.${PRINT_CONTAINER_CLASS} img`),
          (img) => `${img.style.width} × ${img.style.height}`,
        ),
        printing: document.documentElement.hasAttribute(PRINTING_ATTRIBUTE),
      };
      window.dispatchEvent(new Event('afterprint'));
    });
    await printImages(images, { signal: new AbortController().signal, fallbackMs: 60_000 });
    expect(printSpy).toHaveBeenCalledTimes(1);
    expect(seen).toEqual({ sizes: ['595pt × 842pt', '842pt × 595pt'], printing: true });
    cleanedUp();
  });

  it('without afterprint, cleans up after the fallback delay', async () => {
    jest.useFakeTimers();
    const done = printImages(images, { signal: new AbortController().signal, fallbackMs: 5_000 });
    await jest.advanceTimersByTimeAsync(0);
    expect(printSpy).toHaveBeenCalledTimes(1);
    expect(container()).not.toBeNull();
    await jest.advanceTimersByTimeAsync(4_999);
    expect(container()).not.toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    await done;
    cleanedUp();
  });

  it('an abort while waiting cleans up at once', async () => {
    const controller = new AbortController();
    const done = printImages(images, { signal: controller.signal, fallbackMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container()).not.toBeNull();
    controller.abort();
    await done;
    cleanedUp();
  });

  it('an abort while the images load prints nothing', async () => {
    observer.disconnect();
    const controller = new AbortController();
    const done = printImages(images, { signal: controller.signal, fallbackMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container()).not.toBeNull();
    controller.abort();
    await expect(done).rejects.toThrow();
    expect(printSpy).not.toHaveBeenCalled();
    cleanedUp();
  });
});
