import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createApp, loadingModel, loadingPlugin } from '../../runtime';
import type { LoadingState } from '../../runtime';
import { LoadingBar } from '../LoadingBar';
import { LocaleProvider } from '../../i18n';

describe('spec §4 global loading indicator', () => {
  it('shows while any namespace is loading and hides when the last run ends', () => {
    const app = createApp<{ loading: LoadingState }>();
    app.use(loadingPlugin);
    app.model(loadingModel);
    app.start();
    const run = { namespace: 'doc', actionType: 'doc/fetch' };
    const ui = (
      <Provider store={app.store}>
        <LocaleProvider locale="en">
          <LoadingBar />
        </LocaleProvider>
      </Provider>
    );
    const bar = () => screen.queryByRole('progressbar', { name: 'Loading' });
    const view = render(ui);
    expect(bar()).not.toBeInTheDocument();
    app.dispatch(loadingModel.actions.show(run));
    view.rerender(ui);
    expect(bar()).toBeInTheDocument();
    app.dispatch(loadingModel.actions.hide(run));
    view.rerender(ui);
    expect(bar()).not.toBeInTheDocument();
  });
});
