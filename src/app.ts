/**
 * The app instance and the typed hooks: the only place raw useSelector/useDispatch appear.
 * `RootState` is inferred from the model list in src/models/index.ts.
 */
import { useDispatch, useSelector } from 'react-redux';
import { createApp, loadingPlugin } from './runtime';
import type { Dispatch } from './runtime';
import { models } from './models';
import type { RootState } from './models';

export function createFolioApp() {
  const app = createApp<RootState>();
  app.use(loadingPlugin);
  models.forEach((model) => {
    app.model(model);
  });
  return app;
}

export type FolioApp = ReturnType<typeof createFolioApp>;

export const useAppSelector = useSelector.withTypes<RootState>();
/** The store's dispatch, typed as the runtime's: effect actions give back a Promise of their result. */
export const useAppDispatch = (): Dispatch => useDispatch() as unknown as Dispatch;
