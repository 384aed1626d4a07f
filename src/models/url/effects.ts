/**
 * The `url` model's effects (contracts §4): a link's change becomes the other models' actions, and
 * the reader's place goes back into the hash.
 *
 * - `hashParameters`: each hash parameter the viewer follows, read next to what it does. A new one
 *   is an entry here (docs/architecture.md, "Where a change goes").
 * - `follow`: another `?doc=` fetches that document; a parameter changed while it is shown puts
 *   its actions.
 * - `applyOnOpen`: when a document is ready, its link's parameters put theirs, once.
 * - `writeBack`: the reader's place is written into the hash, at most once per interval.
 */
import type {
  Action,
  AnyAction,
  EffectCommands,
  EffectGenerator,
  RegisteredState,
  Selector,
} from '../../runtime';
import { sanitizeText } from '../../services/sanitizeText';
import { linkedDocId, readHashKey, sameView, viewOf, writeHash } from '../../url';
import type { Link } from '../../url';
import { docActions } from '../doc/actions';
import { selectZoomPercent } from '../doc/selectors';
import { searchActions } from '../search/actions';
import { sheetActions } from '../sheet/actions';
import { selectSheetShown } from '../sheet/selectors';
import { selectSearchAvailable } from '../search/selectors';
import { MAX_QUERY_LENGTH } from '../search/state';
import { urlActions } from './actions';
import type { UrlState } from './state';

/** At most one history write per interval: scrolling through pages must not spam history. */
export const HASH_WRITE_INTERVAL_MS = 500;

type KeyTexts<K extends readonly string[]> = { readonly [I in keyof K]: string | undefined };

/** One hash parameter as written in the table below. */
interface ParameterSpec<K extends readonly string[], T> {
  /** Its keys in the hash; `read` gets their texts, in this order (readHashKey: undefined when absent). */
  keys: K;
  /** Its value, cleaned: the hash is untrusted, like any URL. */
  read: (texts: KeyTexts<K>) => T;
  /** Whether two values ask the same; `===` when not given. */
  same?: (a: T, b: T) => boolean;
  /** Whether the viewer can do what it asks now; always when not given. */
  when?: Selector<boolean>;
  /** The actions its value puts, in order; none when it asks nothing (an absent value). */
  actions: (value: T) => readonly AnyAction[];
}

/** A parameter of the table, as `follow` and `applyOnOpen` run it. */
export interface HashParameter {
  readonly keys: readonly string[];
  /**
   * What the hash asks of the other models: as the document opens (`before` undefined), or while
   * it is shown, when the value differs from the one `before` (the hash it replaces) held.
   */
  actionsFor: (
    hash: string,
    before: string | undefined,
    state: RegisteredState,
  ) => readonly AnyAction[];
}

function hashParameter<const K extends readonly string[], T>(
  spec: ParameterSpec<K, T>,
): HashParameter {
  const read = (hash: string) =>
    spec.read(spec.keys.map((key) => readHashKey(hash, key)) as unknown as KeyTexts<K>);
  const same = spec.same ?? ((a: T, b: T) => a === b);
  return {
    keys: spec.keys,
    actionsFor: (hash, before, state) => {
      const value = read(hash);
      if (before !== undefined && same(value, read(before))) return [];
      if (spec.when && !spec.when(state)) return [];
      return spec.actions(value);
    },
  };
}

/** The hash parameters the viewer follows (contracts §4), put in this order. */
export const hashParameters: readonly HashParameter[] = [
  // The PDF open parameters: zoom first, so the page is then found at its final scale.
  hashParameter({
    keys: ['page', 'zoom'],
    read: ([page, zoom]) => viewOf(page, zoom),
    same: sameView,
    actions: ({ page, zoom }) => [
      ...(zoom === undefined ? [] : [docActions.zoomTo(zoom)]),
      ...(page === undefined ? [] : [docActions.setPage(page)]),
    ],
  }),
  // A workbook's sheet by name and a cell by reference (`#sheet=Orders&cell=B200`), in the
  // sheet view (docs/decisions/2026-12-06-sheet-view.md).
  hashParameter({
    keys: ['sheet', 'cell'],
    read: ([sheet, cell]) => ({ sheet, cell }),
    same: (a, b) => a.sheet === b.sheet && a.cell === b.cell,
    when: selectSheetShown,
    actions: (link) =>
      link.sheet === undefined && link.cell === undefined ? [] : [sheetActions.openLink(link)],
  }),
  // The search text opens the find bar on it, when the document allows search.
  hashParameter({
    keys: ['search'],
    read: ([text]) => sanitizeText(text ?? '', MAX_QUERY_LENGTH),
    when: selectSearchAvailable,
    actions: (query) => (query === '' ? [] : [searchActions.openWith(query)]),
  }),
];

/** Each parameter's actions, each one asked after the previous one's actions are in the store. */
function* applyHash(
  hash: string,
  before: string | undefined,
  { put, select }: EffectCommands,
): EffectGenerator<void> {
  for (const parameter of hashParameters) {
    const state = yield* select((s) => s);
    for (const action of parameter.actionsFor(hash, before, state)) yield* put(action);
  }
}

const selectUrl = (state: { url: UrlState }): UrlState => state.url;

function* follow({ payload: link }: Action<Link>, commands: EffectCommands): EffectGenerator<void> {
  const { put, select } = commands;
  const before = (yield* select(selectUrl)).link;
  yield* put(urlActions.read(link));
  const id = linkedDocId(link);
  if (id !== undefined && id !== linkedDocId(before)) {
    yield* put(docActions.fetch(id));
    return;
  }
  const { doc, url } = yield* select((state) => state);
  if (doc.status !== 'ready' || url.appliedFor !== doc.docId) return;
  yield* applyHash(link.hash, before.hash, commands);
}

function* applyOnOpen(_: Action, commands: EffectCommands): EffectGenerator<void> {
  const { take, put, select } = commands;
  for (;;) {
    yield* take(docActions.save);
    const { doc, url } = yield* select((state) => state);
    if (doc.status !== 'ready' || doc.docId === undefined || url.appliedFor === doc.docId) continue;
    yield* put(urlActions.applied(doc.docId));
    yield* applyHash(url.link.hash, undefined, commands);
  }
}

function* writeBack(
  _: Action,
  { take, delay, select, call }: EffectCommands,
): EffectGenerator<void> {
  for (;;) {
    // Any doc action may move the reader; the first waits one interval, the write takes the latest.
    yield* take(Object.values(docActions));
    yield* delay(HASH_WRITE_INTERVAL_MS);
    const { doc, url } = yield* select((state) => state);
    // Only the shown document's place, once its link has been applied: a write pending while
    // another document started loading is dropped.
    if (doc.docId === undefined || doc.status !== 'ready' || url.appliedFor !== doc.docId) continue;
    yield* call(writeHash, doc.docId, doc.currentPage, yield* select(selectZoomPercent));
  }
}

export const urlEffects = {
  follow,
  applyOnOpen: [applyOnOpen, { type: 'watcher' }],
  writeBack: [writeBack, { type: 'watcher' }],
} as const;
