/** The reading chrome waits for the first page (the first-paint target, bench/README.md), then arrives by itself. */
import { act, screen } from '@testing-library/react';
import { CHROME_WAIT_MS } from '../../../../config/defaults';
import { renderChunkProbe } from '../../../test/chunkProbe';
import type { ChunkProbeProps } from '../../../test/chunkProbe';
import { useReadingChrome } from '../useReadingChrome';

// What the chrome is does not matter here (browser tests render it), only when it is loaded.
jest.mock('../ReadingChrome', () => ({ ReadingChrome: () => null }));

const renderProbe = (props: ChunkProbeProps) => renderChunkProbe(useReadingChrome, props);

describe('useReadingChrome', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits while no page is shown, and loads the chrome once pdf.js has drawn one', async () => {
    jest.useFakeTimers();
    const { rerender } = renderProbe({});
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHROME_WAIT_MS - 50);
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    rerender({ shown: true });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(40);
    });
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('loads the chrome once a preview of the page shows, before pdf.js has drawn it', async () => {
    jest.useFakeTimers();
    const { rerender } = renderProbe({});
    await act(async () => {
      await jest.advanceTimersByTimeAsync(40);
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    rerender({ preview: true });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(40);
    });
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('loads the chrome when the PDF cannot be opened (no page is coming)', async () => {
    renderProbe({ failed: true });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it(`loads the chrome after CHROME_WAIT_MS (${String(CHROME_WAIT_MS)} ms) even if no page shows`, async () => {
    jest.useFakeTimers();
    renderProbe({});
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHROME_WAIT_MS - 1);
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    // Then the next frame, and the task after it.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });
});
