/**
 * The `search` model's effects: they drive pdf.js's find controller (or a view-only document's
 * finder) through the framework-free finder (services/documentFinder.ts; docs/architecture.md,
 * "The open document") and bring its word on the search back as actions.
 *
 * - `find` (watcher): pdf.js's pending / count / settled events and the results list, from the
 *   finder's event channel, become `findPending`, `findCounted`, `findSettled`, `resultsChanged`.
 * - `follow` (watcher): the query and options as the reducers leave them go to pdf.js; F3, Enter and
 *   the buttons (`findNext` / `findPrevious`) step while the bar is shown.
 * - `barShown` / `barHidden`: the find bar mounted over the engine on screen, or gone (a remount
 *   under React's StrictMode keeps the search: the finder closes a tick later).
 * - `goTo`: a match clicked in the results list becomes pdf.js's current one.
 */
import type { Action, EffectCommands } from '../../runtime';
import type { Hit } from '../../domain/search';
import { documentFinder } from '../../services/documentFinder';
import { findEvents } from '../../services/pdf/find';
import { searchActions } from './actions';
import type { SearchState } from './state';

const selectSearch = (state: { search: SearchState }): SearchState => state.search;

function* relayFindEvents(
  _action: Action,
  { call, put, takeEvent }: EffectCommands,
): Generator<unknown, void, unknown> {
  const events = yield* call(findEvents, documentFinder);
  try {
    for (;;) {
      const event = yield* takeEvent(events);
      if (event.kind === 'pending') yield* put(searchActions.findPending(event.fresh));
      else if (event.kind === 'counted') yield* put(searchActions.findCounted(event.count));
      else if (event.kind === 'results') yield* put(searchActions.resultsChanged(event.results));
      else yield* put(searchActions.findSettled(event.status));
    }
  } finally {
    events.close();
  }
}

function* search({ call, select }: EffectCommands): Generator<unknown, void, unknown> {
  const { query, caseSensitive, entireWord } = yield* select(selectSearch);
  yield* call(documentFinder.search, { query, caseSensitive, entireWord });
}

function* followQuery(
  _action: Action,
  commands: EffectCommands,
): Generator<unknown, void, unknown> {
  const { take, call } = commands;
  for (;;) {
    const action = yield* take([
      searchActions.setQuery,
      searchActions.setCaseSensitive,
      searchActions.setEntireWord,
      searchActions.openWith,
      searchActions.findNext,
      searchActions.findPrevious,
    ]);
    if (searchActions.findNext.match(action)) yield* call(documentFinder.step, false);
    else if (searchActions.findPrevious.match(action)) yield* call(documentFinder.step, true);
    else yield* search(commands);
  }
}

function* barShown(_action: Action, commands: EffectCommands): Generator<unknown, void, unknown> {
  const { call } = commands;
  yield* call(documentFinder.show);
  yield* search(commands);
}

function* barHidden(_action: Action, { call }: EffectCommands): Generator<unknown, void, unknown> {
  yield* call(documentFinder.hide);
}

function* goTo(
  { payload: hit }: Action<Hit>,
  { call }: EffectCommands,
): Generator<unknown, void, unknown> {
  yield* call(documentFinder.goTo, hit);
}

export const searchEffects = {
  find: [relayFindEvents, { type: 'watcher' }],
  follow: [followQuery, { type: 'watcher' }],
  barShown: [barShown, { type: 'takeEvery' }],
  barHidden: [barHidden, { type: 'takeEvery' }],
  goTo: [goTo, { type: 'takeEvery' }],
} as const;
