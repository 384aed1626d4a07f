/**
 * The `url` model's effects (contracts §4): a link's change becomes the other models' actions, and
 * the reader's place goes back into the hash.
 *
 * - `follow`: another `?doc=` fetches that document; a hash edited while it is shown moves the
 *   reader (`#page`, `#zoom`) or searches (`#search`).
 * - `applyOnOpen`: when a document is ready, its link's hash takes the reader there, once.
 * - `writeBack`: the reader's place is written into the hash, at most once per interval.
 */
import type { Action, EffectCommands, EffectGenerator } from '../../runtime';
import { sanitizeText } from '../../services/sanitizeText';
import { linkedDocId, sameView, writeHash } from '../../url';
import type { HashView, Link } from '../../url';
import { docActions } from '../doc/actions';
import { selectZoomPercent } from '../doc/selectors';
import { searchActions } from '../search/actions';
import { selectSearchAvailable } from '../search/selectors';
import { MAX_QUERY_LENGTH } from '../search/state';
import { urlActions } from './actions';
import type { UrlState } from './state';

/** At most one history write per interval: scrolling through pages must not spam history. */
export const HASH_WRITE_INTERVAL_MS = 500;

const selectUrl = (state: { url: UrlState }): UrlState => state.url;

/** The hash's search text, cleaned (it is untrusted, like any URL), or '' when there is none. */
export const searchOf = (link: Link): string => sanitizeText(link.search, MAX_QUERY_LENGTH);

function* applyView(view: HashView, put: EffectCommands['put']): EffectGenerator<void> {
  // Zoom first, so the page is then found at its final scale.
  if (view.zoom !== undefined) yield* put(docActions.zoomTo(view.zoom));
  if (view.page !== undefined) yield* put(docActions.setPage(view.page));
}

function* follow(
  { payload: link }: Action<Link>,
  { put, select }: EffectCommands,
): EffectGenerator<void> {
  const before = (yield* select(selectUrl)).link;
  yield* put(urlActions.read(link));
  const id = linkedDocId(link);
  if (id !== undefined && id !== linkedDocId(before)) {
    yield* put(docActions.fetch(id));
    return;
  }
  const { doc, url } = yield* select((state) => state);
  if (doc.status !== 'ready' || url.appliedFor !== doc.docId) return;
  if (!sameView(link.view, before.view)) yield* applyView(link.view, put);
  const query = searchOf(link);
  const available = yield* select(selectSearchAvailable);
  if (available && query !== '' && query !== searchOf(before)) {
    yield* put(searchActions.openWith(query));
  }
}

function* applyOnOpen(_: Action, { take, put, select }: EffectCommands): EffectGenerator<void> {
  for (;;) {
    yield* take(docActions.save);
    const { doc, url } = yield* select((state) => state);
    if (doc.status !== 'ready' || doc.docId === undefined || url.appliedFor === doc.docId) continue;
    yield* put(urlActions.applied(doc.docId));
    yield* applyView(url.link.view, put);
    const query = searchOf(url.link);
    if (query !== '' && (yield* select(selectSearchAvailable))) {
      yield* put(searchActions.openWith(query));
    }
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
