/**
 * Which events the doc model's state calls for, given what was told before: a pure function, so
 * the rules (each event once, when it happens) are tested without a store.
 */
import type { MessageKey } from '../../i18n';
import { PROTOCOL_VERSION } from '../../services/host/channel';
import type { FolioEvent, FolioFailedEvent } from '../../services/host/protocol';
import type { DocState } from '../doc/state';
import { NOTHING_ANNOUNCED } from './state';
import type { Announced } from './state';

type Failure = Pick<FolioFailedEvent, 'kind' | 'message' | 'status'>;

/** The failure the reader sees (the facility's, else the PDF's), in the reader's words. */
function failureOf(doc: DocState, t: (key: MessageKey) => string): Failure | undefined {
  if (doc.status === 'error' && doc.error) {
    const { kind, status } = doc.error;
    return { kind, message: t(`error.${kind}.title`), ...(status !== undefined && { status }) };
  }
  const pdf = doc.pdfFailure;
  if (!pdf) return undefined;
  if (pdf.kind === 'passwordCancelled') {
    return { kind: pdf.kind, message: t('engine.password.required') };
  }
  const status = pdf.kind === 'unavailable' ? pdf.status : undefined;
  return {
    kind: pdf.kind,
    message: t(`engine.${pdf.kind}.title`),
    ...(status !== undefined && { status }),
  };
}

export function hostEvents(
  before: Announced,
  doc: DocState,
  t: (key: MessageKey) => string,
): { events: FolioEvent[]; next: Announced } {
  const { docId } = doc;
  if (docId === undefined) return { events: [], next: before };
  const told = before.docId === docId ? before : { ...NOTHING_ANNOUNCED, docId };
  const envelope = { version: PROTOCOL_VERSION, docId } as const;
  const events: FolioEvent[] = [];

  const failure = failureOf(doc, t);
  if (failure && !told.failed) events.push({ type: 'folio:failed', ...envelope, ...failure });

  const { currentPage: page, zoom } = doc;
  const { pageCount, title } = doc.docData;
  if (doc.pdfOpened && !told.opened) {
    events.push({ type: 'folio:opened', ...envelope, pageCount, title, page, zoom });
  } else if (told.opened) {
    if (page !== told.page)
      events.push({ type: 'folio:pageChanged', ...envelope, page, pageCount });
    if (zoom !== told.zoom) events.push({ type: 'folio:zoomChanged', ...envelope, zoom });
  }
  const opened = told.opened || doc.pdfOpened;
  return {
    events,
    next: {
      docId,
      opened,
      failed: failure !== undefined,
      page: opened ? page : 0,
      zoom: opened ? zoom : 0,
    },
  };
}
