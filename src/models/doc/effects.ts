/** The doc model's effects, one file per concern: the document's fetch, and its open. */
import { fetchDocument, givePassword } from './fetch/effects';
import { followPages } from './open/effects';

export const docEffects = {
  fetch: [fetchDocument, { type: 'takeLatest' }],
  givePassword,
  pages: [followPages, { type: 'watcher' }],
} as const;
