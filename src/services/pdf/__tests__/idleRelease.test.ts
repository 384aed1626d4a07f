/** The release pdf.js's viewer app makes after 30 s with nothing to draw. */
import { releaseWhenIdle } from '../idleRelease';
import type { IdleQueue } from '../idleRelease';

function setup(options: { canRelease?: () => boolean; cleanup?: () => Promise<void> } = {}) {
  const queue: IdleQueue = { onIdle: null };
  const viewer = { cleanup: jest.fn<undefined, []>() };
  const pdf = { cleanup: jest.fn(options.cleanup ?? (() => Promise.resolve())) };
  const stop = releaseWhenIdle({
    queue,
    viewer,
    pdf,
    canRelease: options.canRelease ?? (() => true),
  });
  const idle = () => {
    queue.onIdle?.();
  };
  return { queue, viewer, pdf, stop, idle };
}

/** Lets the release's promise chain settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('releaseWhenIdle', () => {
  it("gives pdf.js's rendering queue an idle callback that cleans the viewer and the document", () => {
    const { queue, viewer, pdf, idle } = setup();
    expect(queue.onIdle).toBeInstanceOf(Function);
    idle();
    expect(viewer.cleanup).toHaveBeenCalledTimes(1);
    expect(pdf.cleanup).toHaveBeenCalledTimes(1);
  });

  it('releases nothing while a print job draws the pages, and does on a later idle', () => {
    let printing = true;
    const { viewer, pdf, idle } = setup({ canRelease: () => !printing });
    idle();
    expect(viewer.cleanup).not.toHaveBeenCalled();
    expect(pdf.cleanup).not.toHaveBeenCalled();
    printing = false;
    idle();
    expect(pdf.cleanup).toHaveBeenCalledTimes(1);
  });

  it("swallows pdf.js's refusal while a page is drawn and tries again on the next idle", async () => {
    let refuse = true;
    const { pdf, idle } = setup({
      cleanup: () =>
        refuse
          ? Promise.reject(new Error('startCleanup: Page 3 is currently rendering.'))
          : Promise.resolve(),
    });
    idle();
    await settle();
    refuse = false;
    idle();
    await settle();
    expect(pdf.cleanup).toHaveBeenCalledTimes(2);
    await expect(pdf.cleanup.mock.results[1]?.value).resolves.toBeUndefined();
  });

  it('does not start a second clean-up while one is running', async () => {
    let finish: () => void = () => undefined;
    const { pdf, idle } = setup({
      cleanup: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    });
    idle();
    idle();
    expect(pdf.cleanup).toHaveBeenCalledTimes(1);
    finish();
    await settle();
    idle();
    expect(pdf.cleanup).toHaveBeenCalledTimes(2);
  });

  it('does nothing once stopped, even from a timer pdf.js set before', () => {
    const { queue, viewer, pdf, stop } = setup();
    const pending = queue.onIdle;
    stop();
    expect(queue.onIdle).toBeNull();
    pending?.();
    expect(viewer.cleanup).not.toHaveBeenCalled();
    expect(pdf.cleanup).not.toHaveBeenCalled();
  });
});
