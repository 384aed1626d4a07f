import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createApp, loadingModel, loadingPlugin } from '../../runtime';
import type { LoadingState } from '../../runtime';
import { LoadingBar } from '../LoadingBar';
import { LocaleProvider } from '../../i18n';

describe('SPEC §4 global loading indicator', () => {
  it('shows while any namespace is loading and hides when the last run ends', () => {
    const app = createApp<{ loading: LoadingState }>();
    app.use(loadingPlugin);
    app.model(loadingModel);
    app.start();
    const run = { namespace: 'doc', actionType: 'doc/fetch' };
    const view = render(
      <Provider store={app.store}>
        <LocaleProvider locale="en">
          <LoadingBar />
        </LocaleProvider>
      </Provider>,
    );
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    app.dispatch(loadingModel.actions.show(run));
    view.rerender(
      <Provider store={app.store}>
        <LocaleProvider locale="en">
          <LoadingBar />
        </LocaleProvider>
      </Provider>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    app.dispatch(loadingModel.actions.hide(run));
    view.rerender(
      <Provider store={app.store}>
        <LocaleProvider locale="en">
          <LoadingBar />
        </LocaleProvider>
      </Provider>,
    );
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
