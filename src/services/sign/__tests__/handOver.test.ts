import { handOver, SIGNED_EVENT, signTargetOrigin } from '../handOver';
import type { SignedPayload } from '../handOver';

const payload: SignedPayload = {
  docId: 'a.pdf',
  placements: [{ page: 1, x: 10, y: 20, width: 100, height: 30 }],
  image: 'data:image/png;base64,AAAA',
};

/** A window framed by `parent`, with the settings block's value. */
function framedWindow(origin: string | undefined) {
  const parent = { postMessage: jest.fn() };
  const target = new EventTarget();
  const win = Object.assign(target, {
    parent,
    signTargetOrigin: origin,
    location: { origin: 'https://folio.example' },
  });
  return { win: win as unknown as Window, parent };
}

describe('hand over (issue 6: Finish)', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['*', undefined],
    ['not a url', undefined],
    ['self', 'https://folio.example'],
    ['https://host.example/path?q=1', 'https://host.example'],
  ])('target origin %p → %p (never *)', (value, expected) => {
    expect(signTargetOrigin(value, 'https://folio.example')).toBe(expected);
  });

  it('fires folio:signed with the payload and posts it to the configured origin only', () => {
    const { win, parent } = framedWindow('https://host.example');
    const seen: unknown[] = [];
    win.addEventListener(SIGNED_EVENT, (event) => seen.push((event as CustomEvent).detail));
    expect(handOver(payload, win)).toBe('posted');
    expect(seen).toEqual([payload]);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'folio:signed', ...payload },
      'https://host.example',
    );
  });

  it('posts nothing when no origin is configured', () => {
    const { win, parent } = framedWindow(undefined);
    expect(handOver(payload, win)).toBe('event');
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
