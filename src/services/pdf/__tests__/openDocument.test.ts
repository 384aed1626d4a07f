import { openDocument, OpenError } from '../openDocument';

interface FakeTask {
  promise: Promise<unknown>;
  onPassword?: (update: (password: string) => void, reason: number) => void;
  onProgress?: (progress: { loaded: number; total: number }) => void;
  destroy: jest.Mock;
}

const PASSWORD = { NEED_PASSWORD: 1, INCORRECT_PASSWORD: 2 };
let task: FakeTask;
let fail: (error: unknown) => void;

jest.mock('../pdfjs', () => ({
  pdfjs: {
    PasswordResponses: { NEED_PASSWORD: 1, INCORRECT_PASSWORD: 2 },
    ResponseException: class ResponseException extends Error {},
    getDocument: () => {
      task = {
        promise: new Promise((_resolve, reject) => {
          fail = reject;
        }),
        destroy: jest.fn(() => Promise.resolve()),
      };
      return task;
    },
  },
  resourceUrl: (folder: string) => `http://localhost/pdfjs/${folder}/`,
  sharedWorker: () => ({}),
}));
jest.mock('../device', () => ({ isPhoneLike: () => false }));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('openDocument: handlers attached late (a preopened document)', () => {
  it('hands over the latest progress when attached, then each new one', () => {
    const opened = openDocument('http://localhost/a.pdf');
    task.onProgress?.({ loaded: 10, total: 100 });
    task.onProgress?.({ loaded: 40, total: 100 });
    const onProgress = jest.fn();
    opened.attach({ onProgress, askPassword: jest.fn() });
    task.onProgress?.({ loaded: 70, total: 100 });
    expect(onProgress.mock.calls).toEqual([
      [40, 100],
      [70, 100],
    ]);
  });

  it('asks for a password that was requested before anyone attached, and passes it to pdf.js', async () => {
    const opened = openDocument('http://localhost/a.pdf');
    const update = jest.fn();
    task.onPassword?.(update, PASSWORD.NEED_PASSWORD);
    const askPassword = jest.fn(() => Promise.resolve('secret'));
    opened.attach({ askPassword });
    expect(askPassword).toHaveBeenCalledWith('needed');
    await flush();
    expect(update).toHaveBeenCalledWith('secret');
  });

  it('asks at once when attached first; a cancel destroys the task and says so', async () => {
    const opened = openDocument('http://localhost/a.pdf');
    const askPassword = jest.fn(() => Promise.resolve(null));
    opened.attach({ askPassword });
    task.onPassword?.(jest.fn(), PASSWORD.INCORRECT_PASSWORD);
    expect(askPassword).toHaveBeenCalledWith('incorrect');
    await flush();
    expect(task.destroy).toHaveBeenCalled();
    fail(new Error('destroyed'));
    await expect(opened.promise).rejects.toEqual(new OpenError({ kind: 'passwordCancelled' }));
  });

  it('a broken file is an invalid document', async () => {
    const opened = openDocument('http://localhost/a.pdf');
    fail(new Error('Invalid PDF structure.'));
    await expect(opened.promise).rejects.toMatchObject({ failure: { kind: 'invalid' } });
  });
});
