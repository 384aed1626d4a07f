import { handOver } from '../handOver';
import type { SignedPayload } from '../handOver';

const payload: SignedPayload = {
  docId: 'a.pdf',
  placements: [{ page: 1, x: 10, y: 20, width: 100, height: 30 }],
  image: 'data:image/png;base64,AAAA',
};

describe('hand over (behaviour.md, "Signatures": Finish)', () => {
  it('fires folio:signed in the host envelope and posts it to the configured origin', () => {
    const parent = { postMessage: jest.fn() };
    const win = Object.assign(new EventTarget(), {
      parent,
      signTargetOrigin: 'https://host.example',
      location: { origin: 'https://folio.example' },
    }) as unknown as Window;
    const seen: unknown[] = [];
    win.addEventListener('folio:signed', (event) => seen.push((event as CustomEvent).detail));
    const event = { type: 'folio:signed', version: 1, ...payload };
    expect(handOver(payload, win)).toBe('posted');
    expect(seen).toEqual([event]);
    expect(parent.postMessage).toHaveBeenCalledWith(event, 'https://host.example');
  });
});
