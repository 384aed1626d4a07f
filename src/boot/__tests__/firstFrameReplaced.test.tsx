/**
 * The app's side of the first frame's handover (docs/decisions/2026-11-26-first-frame.md): what the
 * app shows in the pages' place takes the first frame away, and one not drawn yet never will be.
 */
import { render } from '@testing-library/react';
import { FIRST_FRAME_ID, isFirstFrameReplaced } from '../firstFrame/handover';
import { replaceFirstFrameWith, useFirstFrameReplaced } from '../firstFrame/replaced';

function drawFirstFrame(): HTMLElement {
  const frame = document.createElement('div');
  frame.id = FIRST_FRAME_ID;
  document.body.append(frame);
  return frame;
}

function Shown({ when }: { when?: boolean }) {
  useFirstFrameReplaced(when);
  return null;
}

afterEach(() => {
  delete window.folioFirstFrameReplaced;
  document.getElementById(FIRST_FRAME_ID)?.remove();
  jest.restoreAllMocks();
});

describe('useFirstFrameReplaced', () => {
  it('takes the first frame away in the commit that shows something else', () => {
    const frame = drawFirstFrame();
    render(<Shown />);
    expect(frame.isConnected).toBe(false);
    expect(isFirstFrameReplaced()).toBe(true);
  });

  it('leaves it while its condition is false, and takes it once true', () => {
    const frame = drawFirstFrame();
    const { rerender } = render(<Shown when={false} />);
    expect(frame.isConnected).toBe(true);
    expect(isFirstFrameReplaced()).toBe(false);
    rerender(<Shown when />);
    expect(frame.isConnected).toBe(false);
  });
});

describe('replaceFirstFrameWith', () => {
  it("waits for the app's image to be decoded, then goes at the next frame", async () => {
    const frame = drawFirstFrame();
    let decoded: () => void = () => undefined;
    const image = document.createElement('img');
    Object.assign(image, { decode: () => new Promise<void>((resolve) => (decoded = resolve)) });
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    replaceFirstFrameWith(image);
    await Promise.resolve();
    expect(frame.isConnected).toBe(true);
    decoded();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(frame.isConnected).toBe(true);
    expect(frames).toHaveLength(1);
    frames[0](0);
    expect(frame.isConnected).toBe(false);
  });

  it('with no first frame drawn, none will be', () => {
    replaceFirstFrameWith(document.createElement('img'));
    expect(isFirstFrameReplaced()).toBe(true);
  });
});
