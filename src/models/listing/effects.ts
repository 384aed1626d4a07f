/**
 * The `listing` model's effect: `follow` (watcher) tells the model each document fetched, so a
 * listing's search and open folders last while the reader opens its entries and comes back, and
 * go with another document (reducers.ts, `documentFetched`).
 */
import type { Action, EffectCommands, EffectGenerator } from '../../runtime';
import { docActions } from '../doc/actions';
import { selectDoc } from '../doc/selectors';
import { listingActions as own } from './actions';

function* follow(_action: Action, { take, put, select }: EffectCommands): EffectGenerator<never> {
  // The link's document may have been asked for before this model started.
  const { docId } = yield* select(selectDoc);
  if (docId !== undefined) yield* put(own.documentFetched(docId));
  for (;;) {
    const { payload: id } = yield* take(docActions.fetchStarted);
    yield* put(own.documentFetched(id));
  }
}

export const listingEffects = {
  follow: [follow, { type: 'watcher' }],
} as const;
