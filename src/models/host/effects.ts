/**
 * Tells the host what happens (docs/embedding.md): after every action of the doc and print
 * models, the events the new state calls for go out through the host channel.
 */
import { reducerActions } from '../../runtime';
import type { Action, EffectCommands, EffectGenerator } from '../../runtime';
import { translate } from '../../i18n';
import type { Locale, MessageKey } from '../../i18n';
import { emitToHost, PROTOCOL_VERSION } from '../../services/host/channel';
import { docModel } from '../doc';
import type { DocState } from '../doc/state';
import { printModel } from '../print';
import { hostEvents } from './events';
import { hostReducers } from './reducers';
import type { Announced, HostState } from './state';

const own = reducerActions('host', hostReducers);
const print = printModel.actions;
const WATCHED = [
  ...Object.values(docModel.actions),
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
