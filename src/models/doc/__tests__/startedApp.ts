/** Every model started in a real app, as the fetch's tests against the test facility need it. */
import { createApp, loadingPlugin } from '../../../runtime';
import type { HistoryLike } from '../../../runtime';
import { models } from '../..';
import type { RootState } from '../..';

/** A history at `/` that never moves. */
const history: HistoryLike = {
  location: { pathname: '/', search: '', hash: '' },
  listen: () => () => undefined,
};

export function startApp() {
  const onError = jest.fn();
  const app = createApp<RootState>({ onError });
  app.use(loadingPlugin);
  models.forEach((model) => {
    app.model(model);
  });
  app.start({ history });
  return { app, onError };
}
