/**
 * Tells the host what happens (docs/embedding.md): after every action of the doc and print
 * models, the events the new state calls for go out through the host channel. Which events the
 * doc model's state calls for, given what was told before, is a pure function (`hostEvents`), so
 * the rules (each event once, when it happens) are tested without a store.
 */
import type { Action, EffectCommands, EffectGenerator } from '../../runtime';
import { translate } from '../../i18n';
import type { Locale, MessageKey } from '../../i18n';
import { emitToHost, PROTOCOL_VERSION } from '../../services/host/channel';
import { docActions } from '../doc';
import type { DocState } from '../doc/state';
import { printActions } from '../print';
import { hostActions as own } from './actions';
import type { FolioEvent, FolioFailedEvent } from '../../services/host/protocol';
import { VIEW_TRAITS } from '../../domain/view';
import { NOTHING_ANNOUNCED } from './state';
import type { Announced, HostState } from './state';

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
  // A listing, a sheet or media is open once its answer is stored: no pdf.js open comes after it.
  const shown =
    doc.pagesOpened || (doc.status === 'ready' && !VIEW_TRAITS[doc.docData.view].viewedFile);
  if (shown && !told.opened) {
    events.push({ type: 'folio:opened', ...envelope, pageCount, title, page, zoom });
  } else if (told.opened) {
    if (page !== told.page)
      events.push({ type: 'folio:pageChanged', ...envelope, page, pageCount });
    if (zoom !== told.zoom) events.push({ type: 'folio:zoomChanged', ...envelope, zoom });
  }
  const opened = told.opened || shown;
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

const print = printActions;
const WATCHED = [
  ...Object.values(docActions),
  print.started,
  print.finished,
  print.failed,
  print.cancel,
];

/** How a print job ends, by the print model's action. */
const PRINT_OUTCOMES = [
  [print.finished, 'printed'],
  [print.failed, 'failed'],
  [print.cancel, 'cancelled'],
] as const;

const sameAnnounced = (a: Announced, b: Announced) =>
  (Object.keys(a) as (keyof Announced)[]).every((key) => a[key] === b[key]);

interface Seen {
  doc: DocState;
  host: HostState;
  locale: Locale;
}

function* announce(
  _action: Action,
  { take, select, put, call }: EffectCommands,
): EffectGenerator<void> {
  let printing = false;
  for (;;) {
    const action = yield* take(WATCHED);
    const seen: Seen = yield* select((state) => ({
      doc: state.doc,
      host: state.host,
      locale: state['@@initialState'].initialState?.locale ?? 'en',
    }));
    const { doc, host, locale } = seen;
    const t = (key: MessageKey) => translate(locale, key);
    const { events, next } = hostEvents(host.announced, doc, t);
    if (doc.docId !== undefined) {
      const envelope = { version: PROTOCOL_VERSION, docId: doc.docId } as const;
      if (print.started.match(action)) {
        printing = true;
        events.push({ type: 'folio:printStarted', ...envelope, pages: action.payload });
      } else if (printing) {
        const outcome = PRINT_OUTCOMES.find(([creator]) => creator.match(action))?.[1];
        if (outcome) {
          printing = false;
          events.push({ type: 'folio:printFinished', ...envelope, outcome });
        }
      }
    }
    if (!sameAnnounced(next, host.announced)) yield* put(own.announced(next));
    for (const event of events) yield* call(emitToHost, event);
  }
}

export const hostEffects = {
  announce: [announce, { type: 'watcher' }],
} as const;
