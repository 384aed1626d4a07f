import { emitToHost, hostOrigin, listenToHost, originSetting, parseCommand } from '../channel';
import type { FolioEvent } from '../protocol';

const OWN = 'https://folio.example';

/** A window framed by `parent`, with the settings block's values. */
function framedWindow(settings: { hostOrigin?: string; signTargetOrigin?: string }) {
  const parent = { postMessage: jest.fn() };
  const win = Object.assign(new EventTarget(), { parent, location: { origin: OWN }, ...settings });
  return { win: win as unknown as Window, parent };
}

const opened: FolioEvent = {
  type: 'folio:opened',
  version: 1,
  docId: 'a.pdf',
  pageCount: 3,
  title: 'A',
  page: 1,
  zoom: 1,
};

describe('host origin (window.hostOrigin, docs/embedding.md)', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['*', undefined],
    [' * ', undefined],
    ['not a url', undefined],
    ['self', OWN],
    ['https://host.example/path?q=1', 'https://host.example'],
    ['http://127.0.0.1:8000', 'http://127.0.0.1:8000'],
  ])('setting %p → %p (never *)', (value, expected) => {
    expect(originSetting(value, OWN)).toBe(expected);
  });

  it('hostOrigin wins over the older signTargetOrigin, which is read when it is unset', () => {
    expect(hostOrigin(framedWindow({ signTargetOrigin: 'https://old.example' }).win)).toBe(
      'https://old.example',
    );
    const both = { hostOrigin: 'https://new.example', signTargetOrigin: 'https://old.example' };
    expect(hostOrigin(framedWindow(both).win)).toBe('https://new.example');
    // A refused hostOrigin does not fall back: the deployer meant to set this one.
    expect(hostOrigin(framedWindow({ ...both, hostOrigin: '*' }).win)).toBeUndefined();
  });
});

describe('events to the host', () => {
  it('fire on the window and are posted to the configured origin only', () => {
    const { win, parent } = framedWindow({ hostOrigin: 'https://host.example' });
    const seen: unknown[] = [];
    win.addEventListener('folio:opened', (event) => seen.push((event as CustomEvent).detail));
    expect(emitToHost(opened, win)).toBe('posted');
    expect(seen).toEqual([opened]);
    expect(parent.postMessage).toHaveBeenCalledWith(opened, 'https://host.example');
  });

  it('post nothing when no origin is configured, or when Folio is not framed', () => {
    const unset = framedWindow({});
    expect(emitToHost(opened, unset.win)).toBe('event');
    expect(unset.parent.postMessage).not.toHaveBeenCalled();
    const top = Object.assign(new EventTarget(), { location: { origin: OWN }, hostOrigin: 'self' });
    Object.assign(top, { parent: top });
    expect(emitToHost(opened, top as unknown as Window)).toBe('event');
  });
});

describe('commands from the host', () => {
  it.each([
    [
      { type: 'folio:goToPage', page: 3 },
      { type: 'folio:goToPage', page: 3 },
    ],
    [{ type: 'folio:goToPage', page: '3' }, undefined],
    [{ type: 'folio:goToPage', page: Number.NaN }, undefined],
    [
      { type: 'folio:setZoom', zoom: 1.5 },
      { type: 'folio:setZoom', zoom: 1.5 },
    ],
    [{ type: 'folio:setZoom', zoom: 0 }, undefined],
    [
      { type: 'folio:search', query: 'pdf' },
      { type: 'folio:search', query: 'pdf' },
    ],
    [{ type: 'folio:search', query: 7 }, undefined],
    [{ type: 'folio:openSignaturePad', extra: 1 }, { type: 'folio:openSignaturePad' }],
    [{ type: 'folio:print' }, undefined],
    [{ type: 'folio:download' }, undefined],
    ['folio:goToPage', undefined],
    [null, undefined],
  ])('%p is read as %p', (data, expected) => {
    expect(parseCommand(data)).toEqual(expected);
  });

  it('are taken from the framing window at the configured origin only', () => {
    const { win, parent } = framedWindow({ hostOrigin: 'https://host.example' });
    const commands: unknown[] = [];
    const stop = listenToHost((command) => commands.push(command), win);
    const send = (origin: string, source: unknown, data: unknown) => {
      win.dispatchEvent(Object.assign(new Event('message'), { origin, source, data }));
    };
    const goTo = { type: 'folio:goToPage', page: 2 };
    send('https://host.example', parent, goTo);
    send('https://intruder.example', parent, goTo);
    send('https://host.example', {}, goTo);
    send('https://host.example', parent, { type: 'folio:print' });
    stop();
    send('https://host.example', parent, goTo);
    expect(commands).toEqual([goTo]);
  });

  it('are ignored when no origin is configured', () => {
    const { win, parent } = framedWindow({});
    const commands: unknown[] = [];
    listenToHost((command) => commands.push(command), win);
    win.dispatchEvent(
      Object.assign(new Event('message'), {
        origin: OWN,
        source: parent,
        data: { type: 'folio:goToPage', page: 2 },
      }),
    );
    expect(commands).toEqual([]);
  });
});
