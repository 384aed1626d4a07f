/**
 * When the reading chrome's antd part (`reading-panels`) is asked for: once page 1 is drawn, the
 * PDF fails or CHROME_WAIT_MS have passed, or as soon as one of its parts is opened or asked for;
 * not for page 1's preview (the bars, which come with it, are the page's own).
 */
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { CHROME_WAIT_MS } from '../../../../config/defaults';
import { renderChunkProbe } from '../../../test/chunkProbe';
import type { ChunkProbeProps } from '../../../test/chunkProbe';
import { useReadingPanels } from '../useReadingPanels';
import { renderWithProviders } from '../../../test/renderWithProviders';

// What they are does not matter here (browser tests render them), only when they are loaded.
jest.mock('../ReadingPanels', () => ({ ChromePanels: () => null }));

const usePanels = () => useReadingPanels()[0];

/** Lets fake time pass inside act (the panels wait a frame and a task before their import). */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

afterEach(() => {
  jest.useRealTimers();
});

describe('useReadingPanels', () => {
  const renderProbe = (props: ChunkProbeProps) => renderChunkProbe(usePanels, props);

  /** Still waiting `before` ms in, then loaded `after` ms after `change` (in fake time). */
  async function waitsThenLoadsOn(change: ChunkProbeProps, before: number, after: number) {
    jest.useFakeTimers();
    const { rerender } = renderProbe({});
    await advance(before);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    rerender(change);
    await advance(after);
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  }

  it('waits while no page is shown, and loads once pdf.js has drawn one', async () => {
    // Both within CHROME_WAIT_MS: what loads it is the page, not the wait.
    await waitsThenLoadsOn({ shown: true }, CHROME_WAIT_MS - 50, 40);
  });

  it('loads when the PDF cannot be opened (no page is coming)', async () => {
    renderProbe({ failed: true });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it(`loads after CHROME_WAIT_MS (${String(CHROME_WAIT_MS)} ms) even if no page shows`, async () => {
    jest.useFakeTimers();
    renderProbe({});
    await advance(CHROME_WAIT_MS - 1);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await advance(1);
    // Then the next frame, and the task after it.
    await advance(50);
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('loads as soon as the reader opens a panel, before page 1 is drawn', async () => {
    await waitsThenLoadsOn({ search: true }, 40, 50);
  });

  it('loads when the mobile menu is opened (its drawer is theirs)', async () => {
    const { rerender } = renderProbe({});
    rerender({ menu: true });
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('loads when the toolbar asks for it (the zoom menu, which is not in the store)', async () => {
    function Asking() {
      const [panels, want] = useReadingPanels();
      useEffect(want, [want]);
      return <p>{panels ? 'loaded' : 'waiting'}</p>;
    }
    renderWithProviders(<Asking />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });
});
