import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { INITIAL_STATE } from './initialState';
import type { InitialStateState } from './initialState';

/** Renders `loading` (nothing by default) until the initial-state model's first load ends. */
export function InitialStateGate({
  loading = null,
  children,
}: {
  loading?: ReactNode;
  children: ReactNode;
}) {
  const busy = useSelector(
    (state: { [INITIAL_STATE]?: InitialStateState<unknown> }) =>
      state[INITIAL_STATE]?.loading ?? false,
  );
  return busy ? loading : children;
}
