/**
 * When the reading chrome (the first-paint target, bench/README.md) and its panels are asked for:
 * both wait for page 1, a failure or CHROME_WAIT_MS; the chrome comes with page 1's preview, the
 * panels (antd) only once page 1 is drawn or one of their parts is opened or asked for.
 */
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { CHROME_WAIT_MS } from '../../../../config/defaults';
import { renderChunkProbe } from '../../../test/chunkProbe';
import type { ChunkProbeProps } from '../../../test/chunkProbe';
import { useReadingChrome } from '../useReadingChrome';
import { useReadingPanels } from '../useReadingPanels';
import { renderWithProviders } from '../../../test/renderWithProviders';

// What they are does not matter here (browser tests render them), only when they are loaded.
jest.mock('../ReadingChrome', () => ({ ReadingChrome: () => null }));
jest.mock('../ReadingPanels', () => ({ ChromePanels: () => null }));

const usePanels = () => useReadingPanels()[0];

/** Lets fake time pass inside act (the chrome waits a frame and a task before its import). */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

afterEach(() => {
  jest.useRealTimers();
});

describe.each([
  ['useReadingChrome', useReadingChrome],
  ['useReadingPanels', usePanels],
])('%s', (_name, useLoaded) => {
  const renderProbe = (props: ChunkProbeProps) => renderChunkProbe(useLoaded, props);

  it('waits while no page is shown, and loads once pdf.js has drawn one', async () => {
    jest.useFakeTimers();
    const { rerender } = renderProbe({});
    await advance(CHROME_WAIT_MS - 50);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    rerender({ shown: true });
    await advance(40);
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
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
    // The chrome: then the next frame, and the task after it.
    await advance(50);
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });
});

describe('the chrome and its panels apart', () => {
  it("the chrome loads once page 1's preview shows, the panels do not", async () => {
    jest.useFakeTimers();
    const chrome = renderChunkProbe(useReadingChrome, {});
    await advance(40);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    chrome.rerender({ preview: true });
    await advance(40);
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    chrome.unmount();

    jest.useFakeTimers();
    const panels = renderChunkProbe(usePanels, { preview: true });
    await advance(CHROME_WAIT_MS - 50);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    panels.unmount();
  });

  it('the panels load as soon as the reader opens one, before page 1 is drawn', async () => {
    jest.useFakeTimers();
    const { rerender } = renderChunkProbe(usePanels, {});
    await advance(40);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    rerender({ search: true });
    jest.useRealTimers();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('the panels load when the mobile menu is opened (its drawer is theirs)', async () => {
    const { rerender } = renderChunkProbe(usePanels, {});
    rerender({ menu: true });
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('the panels load when the toolbar asks for them (the zoom menu, which is not in the store)', async () => {
    function Asking() {
      const [panels, want] = useReadingPanels();
      useEffect(want, [want]);
      return <p>{panels ? 'loaded' : 'waiting'}</p>;
    }
    renderWithProviders(<Asking />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });
});
