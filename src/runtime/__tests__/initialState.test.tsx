import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createApp } from '../createApp';
import { createInitialStateModel, INITIAL_STATE } from '../initialState';
import type { InitialStateState } from '../initialState';
import { InitialStateGate } from '../InitialStateGate';
import { deferred } from './fixtures';

function startWith(load: () => Promise<{ user: string }>) {
  const app = createApp<{ [INITIAL_STATE]: InitialStateState<{ user: string }> }>();
  app.model(createInitialStateModel(load));
  app.start();
  return app;
}

describe('spec §2 start-up: the initial-state model gates the first render', () => {
  it('renders nothing while the initial state loads, then the app with the loaded state', async () => {
    const gate = deferred<{ user: string }>();
    const app = startWith(() => gate.promise);
    const { container } = render(
      <Provider store={app.store}>
        <InitialStateGate>
          <p>app</p>
        </InitialStateGate>
      </Provider>,
    );
    expect(container).toBeEmptyDOMElement();
    await act(async () => {
      gate.resolve({ user: 'ada' });
      await gate.promise;
    });
    expect(screen.getByText('app')).toBeInTheDocument();
    expect(app.getState()[INITIAL_STATE]).toEqual({
      initialState: { user: 'ada' },
      loading: false,
      error: undefined,
    });
  });

  it('renders the configured loading view meanwhile', () => {
    const app = startWith(() => new Promise(() => undefined));
    render(
      <Provider store={app.store}>
        <InitialStateGate loading={<p>starting…</p>}>
          <p>app</p>
        </InitialStateGate>
      </Provider>,
    );
    expect(screen.getByText('starting…')).toBeInTheDocument();
    expect(screen.queryByText('app')).not.toBeInTheDocument();
  });

  it('a failed load ends the wait and records the error', async () => {
    const gate = deferred<{ user: string }>();
    const app = startWith(() => gate.promise);
    gate.reject(new Error('offline'));
    await act(async () => {
      await gate.promise.catch(() => undefined);
    });
    expect(app.getState()[INITIAL_STATE]).toMatchObject({ loading: false, error: 'offline' });
  });
});
