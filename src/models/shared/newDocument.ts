/**
 * A model whose state belongs to the document shown, outside the doc model, starts it over when
 * another document is fetched, as the doc model's own `initialDocumentFields` do (a retry of the
 * same document keeps it). docs/decisions/2026-11-29-doc-state-by-concern.md.
 */
import type { EffectCommands, EffectGenerator } from '../../runtime';
import { docActions } from '../doc/actions';
import { selectDoc } from '../doc/selectors';

/** Runs `forget` after each `fetchStarted` of another document id than the last one, forever. */
export function* forgetOnNewDocument(
  { select, take }: EffectCommands,
  forget: () => EffectGenerator<void>,
): EffectGenerator<never> {
  let shown = (yield* select(selectDoc)).docId;
  for (;;) {
    const { payload: id } = yield* take(docActions.fetchStarted);
    if (id === shown) continue;
    shown = id;
    yield* forget();
  }
}
