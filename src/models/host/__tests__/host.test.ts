/** The host model on a real app: the watcher tells the window each event once, in order. */
import { docActions, printActions } from '../..';
import { createTestApp } from '../../../test/renderWithProviders';
import type { FolioEvent, FolioEventType } from '../../../services/host/protocol';

const TYPES: FolioEventType[] = [
  'folio:opened',
  'folio:failed',
  'folio:pageChanged',
  'folio:zoomChanged',
  'folio:signed',
  'folio:printStarted',
  'folio:printFinished',
];

function listen() {
  const seen: FolioEvent[] = [];
  const listener = (event: Event) => seen.push((event as CustomEvent<FolioEvent>).detail);
  for (const type of TYPES) window.addEventListener(type, listener);
  return {
    seen,
    stop: () => {
      for (const type of TYPES) window.removeEventListener(type, listener);
    },
  };
}

const flush = () => Promise.resolve();

describe('host model', () => {
  it('opened, page, zoom and print events reach the window once each, in order', async () => {
    const app = createTestApp({ doc: { docId: 'a.pdf', status: 'ready' } });
    const { seen, stop } = listen();
    try {
      app.dispatch(docActions.setPageCount(14));
      app.dispatch(docActions.setPageSize({ index: 0, size: { width: 10, height: 10 } }));
      app.dispatch(docActions.setPage(2));
      app.dispatch(docActions.setPage(2));
      app.dispatch(docActions.zoomBy(1));
      app.dispatch(printActions.started(3));
      app.dispatch(printActions.progressed(1));
      app.dispatch(printActions.finished());
      app.dispatch(printActions.started(1));
      app.dispatch(printActions.cancel());
      app.dispatch(printActions.cancel());
      await flush();
      const envelope = { version: 1, docId: 'a.pdf' };
      expect(seen).toEqual([
        {
          type: 'folio:opened',
          ...envelope,
          pageCount: 14,
          title: 'Sample document',
          page: 1,
          zoom: 1,
        },
        { type: 'folio:pageChanged', ...envelope, page: 2, pageCount: 14 },
        { type: 'folio:zoomChanged', ...envelope, zoom: 1.2 },
        { type: 'folio:printStarted', ...envelope, pages: 3 },
        { type: 'folio:printFinished', ...envelope, outcome: 'printed' },
        { type: 'folio:printStarted', ...envelope, pages: 1 },
        { type: 'folio:printFinished', ...envelope, outcome: 'cancelled' },
      ]);
      expect(app.getState().host.announced).toEqual({
        docId: 'a.pdf',
        opened: true,
        failed: false,
        page: 2,
        zoom: 1.2,
      });
    } finally {
      stop();
    }
  });
});
