import { Component, useState } from 'react';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chunkComponent, useChunk } from '../useChunk';

class Boundary extends Component<
  { children: ReactNode; onRetry: () => void },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <button type="button" onClick={this.props.onRetry}>
        Retry
      </button>
    );
  }
}

function Retrying({ children }: { children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <Boundary
      key={attempt}
      onRetry={() => {
        setAttempt(attempt + 1);
      }}
    >
      {children}
    </Boundary>
  );
}

describe('useChunk', () => {
  it('asks for nothing while no loader is given, then gives the module once loaded', async () => {
    const load = jest.fn(() => Promise.resolve({ word: 'loaded' }));
    function Probe({ due }: { due: boolean }) {
      const module = useChunk(due ? load : undefined);
      return <p>{module?.word ?? 'waiting'}</p>;
    }
    const { rerender } = render(<Probe due={false} />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    rerender(<Probe due />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to the error boundary, whose Retry asks for the chunk again', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<{ Shown: () => ReactNode }>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 7 failed.'))
      .mockResolvedValueOnce({ Shown: () => <p>the status</p> });
    const Status = chunkComponent(load, (m) => m.Shown, <p>loading…</p>);
    render(
      <Retrying>
        <Status />
      </Retrying>,
    );
    expect(screen.getByText('loading…')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('the status')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
