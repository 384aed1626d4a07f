/**
 * The sign model (behaviour.md, "Signatures") on a real app: confirm → placement → the doc model's spec fields,
 * persistence through a fake store (a Map), Finish's hand-over, and Download signed copy against
 * the real dev facility over HTTP, read back with pdf-lib.
 */
import * as nodeTimers from 'node:timers';
import { withNodeTimers } from '../../../test/nodeTimers';
import { docActions, signActions } from '../..';
import { createTestApp } from '../../../test/renderWithProviders';
import { signedFileName } from '..';
import { drawnImages } from '../../../../browser-tests/support/pdfStamps';
import { startFacility } from '../../doc/__tests__/facility';
import type { Facility } from '../../doc/__tests__/facility';
import type { SignatureItem } from '../../../domain/document';

jest.setTimeout(20_000);

const kept = new Map<string, SignatureItem[]>();
jest.mock('../../../services/sign/store', () => ({
  signatureStore: {
    load: (docId: string) => Promise.resolve(structuredClone(kept.get(docId) ?? [])),
    save: (docId: string, items: SignatureItem[]) => {
      if (items.length === 0) kept.delete(docId);
      else kept.set(docId, structuredClone(items));
      return Promise.resolve();
    },
  },
}));

/** A valid 1 × 1 PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const box = { x: 100, y: 200, width: 150, height: 50 };
const flush = () => new Promise((resolve) => nodeTimers.setTimeout(resolve, 0));

beforeEach(() => {
  kept.clear();
});

function start(docId = 'sample.pdf') {
  return createTestApp({ doc: { docId, docData: { param: { showSignature: true } } } });
}

describe('sign model', () => {
  it('Confirm sets isSigned, closes the pad and waits for a place; placing inserts at canvasNum', async () => {
    const app = start();
    app.dispatch(docActions.toggleSignState());
    await app.dispatch(signActions.confirm({ image: PNG, aspect: 3, mobile: false }));
    expect(app.getState().doc).toMatchObject({ isSigned: true, signState: false });
    expect(app.getState().sign.pending).toEqual({ image: PNG, aspect: 3 });
    await expect(app.dispatch(signActions.place({ page: 3, box }))).resolves.toBe(true);
    expect(app.getState().doc.signDataArr).toEqual([{ canvasNum: 2, ...box, image: PNG }]);
    expect(app.getState().sign.pending).toBeUndefined();
    // Nothing pending: a second place does nothing.
    await expect(app.dispatch(signActions.place({ page: 1, box }))).resolves.toBe(false);
    expect(app.getState().doc.signDataArr).toHaveLength(1);
  });

  it('on a phone Confirm sets isMobSigned and closes the full-screen pad', async () => {
    const app = start();
    app.dispatch(docActions.toggleMobileSignState());
    await app.dispatch(signActions.confirm({ image: PNG, aspect: 3, mobile: true }));
    expect(app.getState().doc).toMatchObject({
      isMobSigned: true,
      isSigned: false,
      mobileSignState: false,
    });
  });

  it('keeps every change per document and gives it back when the document opens again', async () => {
    const app = start('a.pdf');
    await app.dispatch(signActions.confirm({ image: PNG, aspect: 3, mobile: false }));
    await app.dispatch(signActions.place({ page: 1, box }));
    await flush();
    expect(kept.get('a.pdf')).toEqual([{ canvasNum: 0, ...box, image: PNG }]);
    app.dispatch(docActions.moveSignature({ index: 0, box: { ...box, x: 10 } }));
    await flush();
    expect(kept.get('a.pdf')?.[0]?.x).toBe(10);

    // A reload: a new app opens the same document and finds its signature again.
    const reloaded = start('a.pdf');
    await flush();
    expect(reloaded.getState().doc.signDataArr).toEqual([
      { canvasNum: 0, ...box, x: 10, image: PNG },
    ]);
    // Another document has none.
    expect(start('b.pdf').getState().doc.signDataArr).toEqual([]);

    reloaded.dispatch(docActions.clearSignatures());
    await flush();
    expect(kept.has('a.pdf')).toBe(false);
  });

  it('Finish hands over the placements in PDF points with the image', async () => {
    const app = start('a.pdf');
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener('folio:signed', listener);
    await expect(app.dispatch(signActions.finish())).resolves.toBeUndefined();
    await app.dispatch(signActions.confirm({ image: PNG, aspect: 3, mobile: false }));
    await app.dispatch(signActions.place({ page: 2, box }));
    const payload = await app.dispatch(signActions.finish());
    window.removeEventListener('folio:signed', listener);
    expect(payload).toEqual({ docId: 'a.pdf', placements: [{ page: 2, ...box }], image: PNG });
    expect(seen).toEqual([{ type: 'folio:signed', version: 1, ...payload }]);
  });

  it('names the signed copy after the title, made safe', () => {
    expect(signedFileName('Q3/Q4: report')).toBe('Q3_Q4_ report-signed.pdf');
    expect(signedFileName('')).toBe('document-signed.pdf');
  });
});

describe('sign/downloadSigned against the dev facility', () => {
  let facility: Facility;
  withNodeTimers();
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const onClick = (event: MouseEvent) => {
    const anchor = event.target;
    if (!(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('download')) return;
    event.preventDefault();
    const blob = blobs.get(anchor.href);
    if (blob) saved.push({ name: anchor.download, blob });
  };

  beforeAll(async () => {
    facility = await startFacility();
    await facility.addPdf('contract.pdf', { title: 'Contract', param: { showSignature: true } });
    await facility.addPdf('locked.pdf', { param: { showSignature: true, download: false } });
    await facility.addFile('broken.pdf', '%PDF-1.7 this is no PDF');
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:http://localhost/${String(blobs.size)}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => undefined;
    document.addEventListener('click', onClick);
    (globalThis as { previewApi?: string }).previewApi = facility.previewApi;
  });

  afterAll(async () => {
    document.removeEventListener('click', onClick);
    delete (globalThis as { previewApi?: string }).previewApi;
    await facility.close();
  });

  async function signed(id: string) {
    const app = createTestApp();
    await app.dispatch(docActions.fetch(id));
    await app.dispatch(signActions.confirm({ image: PNG, aspect: 3, mobile: false }));
    await app.dispatch(signActions.place({ page: 2, box }));
    return app;
  }

  it('stamps the viewed PDF at the placement and saves <title>-signed.pdf', async () => {
    const app = await signed('contract.pdf');
    await expect(app.dispatch(signActions.downloadSigned())).resolves.toBe('saved');
    expect(saved.map((s) => s.name)).toEqual(['Contract-signed.pdf']);
    const bytes = new Uint8Array(await (saved[0]?.blob ?? new Blob()).arrayBuffer());
    const drawn = await drawnImages(bytes);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.page).toBe(2);
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs((drawn[0]?.[key] ?? Infinity) - box[key])).toBeLessThan(0.01);
  });

  it('a PDF pdf-lib cannot write into ends as unstampable, nothing saved', async () => {
    const app = await signed('broken.pdf');
    saved.length = 0;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(app.dispatch(signActions.downloadSigned())).resolves.toBe('unstampable');
    warn.mockRestore();
    expect(saved).toHaveLength(0);
  });

  it('is not allowed without download', async () => {
    const app = await signed('locked.pdf');
    saved.length = 0;
    await expect(app.dispatch(signActions.downloadSigned())).resolves.toBe('notAllowed');
    expect(saved).toHaveLength(0);
  });
});
