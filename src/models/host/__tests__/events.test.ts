/** Which host events the doc state calls for (docs/embedding.md "Events"). */
import { translate } from '../../../i18n';
import type { MessageKey } from '../../../i18n';
import { initialDocState } from '../../doc/state';
import type { DocState } from '../../doc/state';
import { hostEvents } from '../effects';
import { NOTHING_ANNOUNCED } from '../state';
import type { Announced } from '../state';
import { PARAM_DEFAULTS } from '../../../domain/document';

const en = (key: MessageKey) => translate('en', key);

function doc(fields: Partial<DocState> = {}): DocState {
  return {
    ...initialDocState,
    docId: 'a.pdf',
    status: 'ready',
    docData: { ...initialDocState.docData, title: 'A <b>title</b>', pageCount: 14 },
    ...fields,
  };
}

/** Runs the states in turn, as the watcher does, and gives every event type with its payload. */
function run(...states: DocState[]) {
  let told: Announced = NOTHING_ANNOUNCED;
  return states.flatMap((state) => {
    const { events, next } = hostEvents(told, state, en);
    told = next;
    return events;
  });
}

describe('host events', () => {
  it('none before a document is asked for, or before pdf.js has opened it', () => {
    expect(run(doc({ docId: undefined }), doc({ status: 'loading' }), doc())).toEqual([]);
  });

  it('folio:opened once, with the page count, the title as text, the page and the zoom', () => {
    const opened = doc({ pagesOpened: true, currentPage: 3, zoom: 1.2 });
    expect(run(doc(), opened, opened, { ...opened, pagesOpened: true })).toEqual([
      {
        type: 'folio:opened',
        version: 1,
        docId: 'a.pdf',
        pageCount: 14,
        title: 'A <b>title</b>',
        page: 3,
        zoom: 1.2,
      },
    ]);
  });

  it('folio:opened once for a listing, when its answer is stored (no pdf.js open follows)', () => {
    const listing = (status: DocState['status']) =>
      doc({
        docId: 'scans.zip',
        status,
        docData: {
          ...initialDocState.docData,
          title: 'scans.zip',
          view: 'listing',
          listing: { kind: 'archive', entries: [], truncated: false, message: undefined },
        },
      });
    expect(run(listing('loading'), listing('ready'), listing('ready'))).toEqual([
      {
        type: 'folio:opened',
        version: 1,
        docId: 'scans.zip',
        pageCount: 0,
        title: 'scans.zip',
        page: 1,
        zoom: 1,
      },
    ]);
  });

  it('folio:opened once for audio or video, when its answer is stored', () => {
    const media = (status: DocState['status']) =>
      doc({
        docId: 'talk.mp4',
        status,
        docData: {
          ...initialDocState.docData,
          title: 'talk',
          view: 'media',
          media: {
            kind: 'video',
            url: 'http://folio.test/api/documents/talk.mp4/media/t',
            mimeType: 'video/mp4',
            duration: 8,
            width: undefined,
            height: undefined,
            tracks: [],
            viewOnly: false,
          },
        },
      });
    expect(run(media('loading'), media('ready'), media('ready'))).toEqual([
      {
        type: 'folio:opened',
        version: 1,
        docId: 'talk.mp4',
        pageCount: 0,
        title: 'talk',
        page: 1,
        zoom: 1,
      },
    ]);
  });

  it('folio:pageChanged once per page turned, folio:zoomChanged once per zoom', () => {
    const opened = doc({ pagesOpened: true });
    const events = run(
      opened,
      { ...opened, currentPage: 2 },
      { ...opened, currentPage: 2, currentPagesSize: { 0: { width: 1, height: 1 } } },
      { ...opened, currentPage: 2, zoom: 1.4 },
      { ...opened, currentPage: 5, zoom: 1.4 },
    );
    expect(events.map((e) => e.type)).toEqual([
      'folio:opened',
      'folio:pageChanged',
      'folio:zoomChanged',
      'folio:pageChanged',
    ]);
    expect(events[1]).toEqual({
      type: 'folio:pageChanged',
      version: 1,
      docId: 'a.pdf',
      page: 2,
      pageCount: 14,
    });
    expect(events[2]).toEqual({ type: 'folio:zoomChanged', version: 1, docId: 'a.pdf', zoom: 1.4 });
  });

  it("folio:failed once per failure the reader sees, in the reader's words", () => {
    const failed = doc({ status: 'error', error: { kind: 'notFound', status: 404 } });
    const events = run(failed, failed, doc({ status: 'loading' }), failed);
    expect(events).toEqual([
      {
        type: 'folio:failed',
        version: 1,
        docId: 'a.pdf',
        kind: 'notFound',
        message: en('error.notFound.title'),
        status: 404,
      },
      expect.objectContaining({ type: 'folio:failed' }),
    ]);
    const zh = hostEvents(NOTHING_ANNOUNCED, failed, (key) => translate('zh-CN', key));
    expect(zh.events[0]).toMatchObject({ message: translate('zh-CN', 'error.notFound.title') });
  });

  it.each([
    [{ kind: 'invalid' } as const, 'engine.invalid.title', undefined],
    [{ kind: 'unavailable', status: 403 } as const, 'engine.unavailable.title', 403],
    [{ kind: 'network' } as const, 'engine.network.title', undefined],
    [{ kind: 'passwordCancelled' } as const, 'engine.password.required', undefined],
  ] as const)('a PDF pdf.js cannot open (%p) is a failure too', (pdfFailure, key, status) => {
    const [event] = run(doc({ pdfFailure }));
    expect(event).toEqual({
      type: 'folio:failed',
      version: 1,
      docId: 'a.pdf',
      kind: pdfFailure.kind,
      message: en(key),
      ...(status !== undefined && { status }),
    });
  });

  it('another document starts over: opened again, page and zoom from there', () => {
    const first = doc({ pagesOpened: true, currentPage: 4 });
    const second = doc({ docId: 'b.pdf', pagesOpened: true, currentPage: 1 });
    expect(run(first, second).map((e) => [e.type, e.docId])).toEqual([
      ['folio:opened', 'a.pdf'],
      ['folio:opened', 'b.pdf'],
    ]);
  });

  it('the facility param never reaches an event', () => {
    const events = run(doc({ pagesOpened: true }));
    expect(JSON.stringify(events)).not.toContain(JSON.stringify(PARAM_DEFAULTS.maxZoomRatio));
  });
});
