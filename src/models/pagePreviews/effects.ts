/**
 * The `pagePreviews` model's effects (docs/architecture.md, "Page previews").
 *
 * - `load` (takeEvery, once per image URL): fetched with the facility's credentials into an
 *   object URL. A failure only leaves that page without a preview; an image that arrives for a
 *   document no longer shown is released at once.
 * - `first` (watcher): the answer of a document read as pages is stored; page 1's preview is asked
 *   for at once, before the page view (and its chunk) is there.
 * - `forget` (watcher): another document is fetched; the images of the last one are released.
 */
import { fetchPreviewImage, releasePreviewImage } from '../../services/pagePreview';
import type { Action, EffectCommands, EffectGenerator } from '../../runtime';
import { firstPagePreview } from '../../services/pagePreviewUrl';
import { VIEW_TRAITS } from '../../domain/view';
import { docActions } from '../doc/actions';
import { selectDoc } from '../doc/selectors';
import { forgetOnNewDocument } from '../shared/newDocument';
import { pagePreviewsActions as own } from './actions';
import { selectPreviewImages } from './selectors';

function* load(
  { payload: url }: Action<string>,
  { call, put, select }: EffectCommands,
): EffectGenerator<void> {
  if ((yield* select(selectPreviewImages))[url] !== undefined) return;
  yield* put(own.loading(url));
  let src: string;
  try {
    src = yield* call(fetchPreviewImage, url);
  } catch {
    yield* put(own.failed(url));
    return;
  }
  if ((yield* select(selectPreviewImages))[url]?.status !== 'loading') {
    yield* call(releasePreviewImage, src);
    return;
  }
  yield* put(own.loaded({ url, src }));
}

function* first(_action: Action, { put, select, take }: EffectCommands): EffectGenerator<never> {
  for (;;) {
    yield* take(docActions.save);
    const doc = yield* select(selectDoc);
    const { previews, pageSize, view } = doc.docData;
    const url = VIEW_TRAITS[view].viewedFile
      ? firstPagePreview(previews, pageSize.at(0), doc)
      : undefined;
    if (url !== undefined) yield* put(own.load(url));
  }
}

function* forget(_action: Action, commands: EffectCommands): EffectGenerator<never> {
  const { call, put, select } = commands;
  return yield* forgetOnNewDocument(commands, function* () {
    for (const image of Object.values(yield* select(selectPreviewImages))) {
      if (image?.status === 'ready') yield* call(releasePreviewImage, image.src);
    }
    yield* put(own.forgotten());
  });
}

export const pagePreviewsEffects = {
  load: [load, { type: 'takeEvery' }],
  first: [first, { type: 'watcher' }],
  forget: [forget, { type: 'watcher' }],
} as const;
