/** The pdf session: the opener handed in by the viewer chunk, and an open ended only once no engine shows it. */
import { createPdfSession } from '../session';
import type { Engine } from '../engine';
import type { OpenedDocument } from '../openDocument';
import type { PDFDocumentProxy } from '../pdfjs';

const PDF = { numPages: 1 } as unknown as PDFDocumentProxy;

describe('the pdf session', () => {
  it('gives the opener to whoever waited for it', async () => {
    const session = createPdfSession();
    const waited = session.opener();
    const opener = jest.fn<OpenedDocument, [string]>();
    session.provideOpener(opener);
    await expect(waited).resolves.toBe(opener);
    await expect(session.opener()).resolves.toBe(opener);
  });

  it('destroys a closed document at once when no engine shows it', () => {
    const session = createPdfSession();
    const listener = jest.fn();
    session.subscribe(listener);
    session.setDocument(PDF);
    expect(session.pdf()).toBe(PDF);
    const destroy = jest.fn();
    session.close(PDF, destroy);
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(session.pdf()).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('waits for the page view to let its engine go before destroying the document it shows', () => {
    const session = createPdfSession();
    session.setDocument(PDF);
    session.setEngine({ pdf: PDF } as unknown as Engine);
    const destroy = jest.fn();
    session.close(PDF, destroy);
    expect(destroy).not.toHaveBeenCalled();
    session.setEngine(undefined);
    expect(destroy).toHaveBeenCalledTimes(1);
  });
});
