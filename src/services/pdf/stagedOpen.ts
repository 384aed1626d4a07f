/**
 * The document the boot's stage opened (src/boot/stage/, docs/decisions/2026-12-07-boot-draws-page-one.md),
 * held for the app: the session's opener (session.ts) takes it for the same URL instead of opening
 * the file again, so pdf.js opens each document once and its ranges are asked for once. The stage
 * and the app share this module (one webpack runtime: the app's entry depends on the stage's).
 */
import type { OpenedDocument, OpenOptions, PasswordAsk } from './openDocument';

let staged: { url: string; opened: OpenedDocument } | undefined;

/**
 * The stage's open of `url`, as the app will take it: pdf.js's password questions and progress
 * go to whoever attaches (the app's open, openEvents.ts), and `questioned` runs when pdf.js asks
 * for a password, which only the app can ask the reader for.
 */
export function stageOpen(
  url: string,
  opened: OpenedDocument,
  questioned: () => void,
): OpenedDocument {
  let listener: OpenOptions | undefined;
  let waiting: ((options: OpenOptions) => void)[] = [];
  const askPassword: PasswordAsk = (reason) => {
    questioned();
    return new Promise((resolve) => {
      const ask = (options: OpenOptions) => {
        resolve(options.askPassword(reason));
      };
      if (listener) ask(listener);
      else waiting.push(ask);
    });
  };
  opened.attach({
    askPassword,
    onProgress: (loaded, total) => listener?.onProgress?.(loaded, total),
  });
  const held: OpenedDocument = {
    ...opened,
    attach(options) {
      listener = options;
      const asks = waiting;
      waiting = [];
      for (const ask of asks) ask(options);
    },
  };
  staged?.opened.destroy();
  staged = { url, opened: held };
  return held;
}

/** The stage's open of `url`, once; one of another URL is ended (the reader went elsewhere). */
export function takeStagedOpen(url: string): OpenedDocument | undefined {
  const held = staged;
  staged = undefined;
  if (held === undefined) return undefined;
  if (held.url === url) return held.opened;
  held.opened.destroy();
  return undefined;
}
