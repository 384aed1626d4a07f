/** The chrome's panels and dialogs come once page 1 is drawn, or sooner when one is opened. */
import { act, screen } from '@testing-library/react';
import { CHROME_WAIT_MS } from '../../../../config/defaults';
import { renderChunkProbe } from '../../../test/chunkProbe';
import type { ChunkProbeProps } from '../../../test/chunkProbe';
import { useReadingPanels } from '../useReadingPanels';

// What the panels are does not matter here (browser tests render them), only when they load.
jest.mock('../ReadingPanels', () => ({ SidePanel: () => null }));

const renderProbe = (props: ChunkProbeProps) => renderChunkProbe(useReadingPanels, props);

describe('useReadingPanels', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits while page 1 is not drawn, and loads the panels once pdf.js has drawn it', async () => {
    jest.useFakeTimers();
    const { rerender } = renderProbe({});
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHROME_WAIT_MS - 50);
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    rerender({ shown: true });
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('loads the panels as soon as the reader opens one, before page 1 is drawn', async () => {
    jest.useFakeTimers();
    const { rerender } = renderProbe({});
    await act(async () => {
      await jest.advanceTimersByTimeAsync(40);
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    rerender({ search: true });
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('loads the panels when the PDF cannot be opened (no page is coming)', async () => {
    renderProbe({ failed: true });
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it(`loads the panels after CHROME_WAIT_MS (${String(CHROME_WAIT_MS)} ms) even if no page shows`, async () => {
    jest.useFakeTimers();
    renderProbe({});
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHROME_WAIT_MS - 1);
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });
});
