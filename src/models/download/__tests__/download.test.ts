/**
 * behaviour.md, "The facility's policy" download on a real app against the real dev facility over HTTP: the `download` effect
 * (viewed PDF or original, named from the title, failures put in the state) and Ctrl/⌘+S. No
 * mocked fetch; what jsdom lacks (object URLs) is stood in for, and the anchor's click is caught.
 */
import { readFile } from 'node:fs/promises';
import { withNodeTimers } from '../../../test/nodeTimers';
import { downloadActions, isSaveShortcut } from '..';
import { docActions } from '../../doc';
import { createTestApp } from '../../../test/renderWithProviders';
import { closedOrigin, SAMPLE_PDF, startFacility, until } from '../../doc/__tests__/facility';
import type { Facility } from '../../doc/__tests__/facility';

jest.setTimeout(20_000);

interface Globals {
  previewApi?: string;
}
const globals = globalThis as Globals;

let facility: Facility;
let unreachable: string;

withNodeTimers();

beforeAll(async () => {
  facility = await startFacility();
  unreachable = await closedOrigin();
  await facility.addPdf('original.pdf');
  await facility.addPdf('report.pdf', {
    title: 'Q3/Q4: report',
    param: { isFcsDownload: false },
  });
  await facility.addPdf('locked.pdf', { param: { download: false, showBrowser: true } });
  await facility.addPdf('wrong-type.pdf', { param: { download: 'true' } });
  await facility.addPdf('missing.pdf', {
    param: { isFcsDownload: false },
    override: { fileUrl: 'documents/nothing-here.pdf/content' },
  });
  await facility.addPdf('offline.pdf', {
    param: { isFcsDownload: false },
    override: { fileUrl: `${unreachable}/x.pdf` },
  });
});

afterAll(async () => {
  await facility.close();
});

/** What was "saved": each a[download] clicked, with the blob behind its object URL. */
interface Saved {
  name: string;
  blob: Blob;
  attached: boolean;
}
let saved: Saved[];
const blobs = new Map<string, Blob>();

function onClick(event: MouseEvent) {
  const anchor = event.target;
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('download')) return;
  event.preventDefault(); // jsdom cannot navigate
  const blob = blobs.get(anchor.href);
  if (blob) saved.push({ name: anchor.download, blob, attached: anchor.isConnected });
}

beforeEach(() => {
  globals.previewApi = facility.previewApi;
  saved = [];
  let n = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = (blob: Blob) => {
    n += 1;
    const url = `blob:http://localhost/${String(n)}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  document.addEventListener('click', onClick);
});

afterEach(() => {
  delete globals.previewApi;
  document.removeEventListener('click', onClick);
  blobs.clear();
});

async function openDoc(id: string) {
  const app = createTestApp();
  await expect(app.dispatch(docActions.fetch(id))).resolves.toBe('ready');
  return app;
}

const requested = (path: string) => facility.seen.some((s) => s.url === path);

describe('download/download', () => {
  it('contracts §5b isFcsDownload false: saves the viewed PDF as <title>.pdf', async () => {
    const app = await openDoc('report.pdf');
    await expect(app.dispatch(downloadActions.download())).resolves.toBe('saved');
    expect(saved).toHaveLength(1);
    const [file] = saved as [Saved];
    expect(file.name).toBe('Q3_Q4_ report.pdf');
    expect(file.attached).toBe(true);
    const bytes = Buffer.from(await file.blob.arrayBuffer());
    expect(bytes.equals(await readFile(SAMPLE_PDF))).toBe(true);
    // The anchor is gone at once; its object URL later.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(app.getState().loading.effects['download/download']).toBe(false);
  });

  it("contracts §5b isFcsDownload (default): saves the facility's original", async () => {
    const app = await openDoc('original.pdf');
    await expect(app.dispatch(downloadActions.download())).resolves.toBe('saved');
    expect(requested('/api/documents/original.pdf/original')).toBe(true);
    // The title (the file name's stem) with Content-Disposition's extension.
    expect(saved.map((s) => s.name)).toEqual(['original.pdf']);
    const bytes = Buffer.from(await (saved[0]?.blob ?? new Blob()).arrayBuffer());
    expect(bytes.equals(await readFile(SAMPLE_PDF))).toBe(true);
  });

  it.each(['locked.pdf', 'wrong-type.pdf'])(
    'contracts §3 policy: %s may not be downloaded, and nothing is fetched',
    async (id) => {
      const app = await openDoc(id);
      await expect(app.dispatch(downloadActions.download())).resolves.toBe('notAllowed');
      expect(requested(`/api/documents/${id}/original`)).toBe(false);
      expect(requested(`/api/documents/${id}/content`)).toBe(false);
      expect(saved).toEqual([]);
    },
  );

  it('an HTTP failure is put in the state for the UI to report, until it has been', async () => {
    const app = await openDoc('missing.pdf');
    await expect(app.dispatch(downloadActions.download())).resolves.toBe('failed');
    expect(app.getState().download.failure).toEqual({ status: 404 });
    expect(saved).toEqual([]);
    app.dispatch(downloadActions.failureShown());
    expect(app.getState().download.failure).toBeUndefined();
  });

  it('no answer at all is a failure without a status', async () => {
    const app = await openDoc('offline.pdf');
    await expect(app.dispatch(downloadActions.download())).resolves.toBe('failed');
    expect(app.getState().download.failure).toEqual({});
  });

  it('before any document there is nothing to download', async () => {
    const app = createTestApp();
    await expect(app.dispatch(downloadActions.download())).resolves.toBe('notAllowed');
  });
});

function press(init: KeyboardEventInit, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

describe('Ctrl/⌘+S', () => {
  it.each<[KeyboardEventInit, boolean]>([
    [{ key: 's', ctrlKey: true }, true],
    [{ key: 'S', ctrlKey: true, shiftKey: true }, true],
    [{ key: 's', metaKey: true }, true],
    [{ key: 'ы', code: 'KeyS', ctrlKey: true }, true],
    [{ key: 's' }, false],
    [{ key: 's', ctrlKey: true, altKey: true }, false],
    [{ key: 's', ctrlKey: true, metaKey: true }, false],
    [{ key: 'p', ctrlKey: true }, false],
  ])('%o is the save shortcut: %p', (init, expected) => {
    expect(isSaveShortcut(new KeyboardEvent('keydown', init))).toBe(expected);
  });

  it('with download off: swallowed, everywhere (an input too), and nothing is fetched', async () => {
    await openDoc('locked.pdf');
    const input = document.body.appendChild(document.createElement('input'));
    expect(press({ key: 's', ctrlKey: true }).defaultPrevented).toBe(true);
    expect(press({ key: 's', metaKey: true }, input).defaultPrevented).toBe(true);
    input.remove();
    expect(requested('/api/documents/locked.pdf/original')).toBe(false);
  });

  it('with download on: our download instead of the browser saving the page', async () => {
    const app = await openDoc('report.pdf');
    expect(press({ key: 's', ctrlKey: true }).defaultPrevented).toBe(true);
    await until(() => saved.length === 1, 10_000, 'the download');
    expect(saved[0]?.name).toBe('Q3_Q4_ report.pdf');
    await until(() => !(app.getState().loading.effects['download/download'] ?? true));
  });

  it('a key held down (repeat) starts no second download', async () => {
    const app = await openDoc('report.pdf');
    expect(press({ key: 's', ctrlKey: true, repeat: true }).defaultPrevented).toBe(true);
    expect(app.getState().loading.effects['download/download']).toBeUndefined();
  });

  it('before a document is shown it stays the browser’s', () => {
    createTestApp();
    expect(press({ key: 's', ctrlKey: true }).defaultPrevented).toBe(false);
  });
});
