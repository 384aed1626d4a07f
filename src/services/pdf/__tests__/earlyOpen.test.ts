/**
 * The open started ahead of its viewer (docs/decisions/2026-11-25-range-first.md, overlap): taken over only for the very URL the
 * facility named and only while alive; otherwise destroyed. pdf.js itself is replaced by a fake
 * loading task: what is under test is who owns it.
 */
import { adoptEarly, dropEarly, openEarly, releaseOpen } from '../earlyOpen';
import { openDocument } from '../openDocument';
import type { OpenedDocument } from '../openDocument';

jest.mock('../openDocument', () => ({ openDocument: jest.fn() }));

interface Fake {
  opened: OpenedDocument;
  destroy: jest.Mock;
  fail: () => Promise<void>;
}

const opens: Fake[] = [];

beforeEach(() => {
  opens.length = 0;
  jest.mocked(openDocument).mockImplementation(() => {
    let reject: (error: Error) => void = () => undefined;
    const promise = new Promise<never>((_resolve, fail) => {
      reject = fail;
    });
    const destroy = jest.fn();
    const opened = { destroy, promise, attach: jest.fn(), loadRest: jest.fn() } as OpenedDocument;
    const fake: Fake = {
      opened,
      destroy,
      fail: async () => {
        reject(new Error('409 converting'));
        await promise.catch(() => undefined);
      },
    };
    opens.push(fake);
    return opened;
  });
});

afterEach(() => {
  dropEarly();
});

const URL_A = 'https://folio.test/api/documents/a.pdf/content';
const URL_B = 'https://cdn.test/signed/a.pdf';

describe('earlyOpen', () => {
  it('opens once per URL and hands that open to the viewer of the same URL', () => {
    openEarly(URL_A);
    openEarly(URL_A);
    expect(openDocument).toHaveBeenCalledTimes(1);
    expect(adoptEarly(URL_A)).toBe(opens[0]?.opened);
    expect(opens[0]?.destroy).not.toHaveBeenCalled();
    // Taken: a second viewer (a Retry) opens afresh.
    expect(adoptEarly(URL_A)).toBeUndefined();
  });

  it('destroys it when the facility names another URL', () => {
    openEarly(URL_A);
    expect(adoptEarly(URL_B)).toBeUndefined();
    expect(opens[0]?.destroy).toHaveBeenCalledTimes(1);
  });

  it('never hands over an open that failed ahead of the answer (a conversion still running)', async () => {
    openEarly(URL_A);
    await opens[0]?.fail();
    expect(adoptEarly(URL_A)).toBeUndefined();
  });

  it('a new document drops the previous one; dropEarly drops what no viewer took', () => {
    openEarly(URL_A);
    openEarly(URL_B);
    expect(opens[0]?.destroy).toHaveBeenCalledTimes(1);
    dropEarly();
    expect(opens[1]?.destroy).toHaveBeenCalledTimes(1);
    expect(adoptEarly(URL_B)).toBeUndefined();
  });

  it('an open handed back is taken over by a viewer of the same URL in the same task (StrictMode)', () => {
    jest.useFakeTimers();
    try {
      openEarly(URL_A);
      const opened = adoptEarly(URL_A);
      expect(opened).toBeDefined();
      if (opened) releaseOpen(URL_A, opened);
      expect(adoptEarly(URL_A)).toBe(opened);
      jest.runAllTimers();
      expect(opens[0]?.destroy).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('an open handed back that no viewer takes is destroyed on the next task', () => {
    jest.useFakeTimers();
    try {
      openEarly(URL_A);
      const opened = adoptEarly(URL_A);
      if (opened) releaseOpen(URL_A, opened);
      expect(opens[0]?.destroy).not.toHaveBeenCalled();
      jest.runAllTimers();
      expect(opens[0]?.destroy).toHaveBeenCalledTimes(1);
      expect(adoptEarly(URL_A)).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });
});
