/** The reading chrome waits for the first page (the first-paint target, bench/README.md), then arrives by itself. */
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { CHROME_WAIT_MS } from '../../../../config/defaults';
import { useAppDispatch } from '../../../app';
import { docActions } from '../../../models/doc';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useReadingChrome } from '../useReadingChrome';

// What the chrome is does not matter here (browser tests render it), only when it is loaded.
jest.mock('../ReadingChrome', () => ({ ReadingChrome: () => null }));

interface ProbeProps {
  shown?: boolean;
  failed?: boolean;
  preview?: boolean;
}

function Probe({ shown = false, failed = false, preview = false }: ProbeProps) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (preview) dispatch(docActions.previewShown());
    dispatch(docActions.pageShown(shown));
    dispatch(failed ? docActions.pdfFailed({ kind: 'invalid' }) : docActions.pdfStarted());
  }, [shown, failed, preview, dispatch]);
  const chrome = useReadingChrome();
  return <p>{chrome ? `chrome: ${typeof chrome.ReadingChrome}` : 'waiting'}</p>;
}

function renderProbe(props: ProbeProps) {
  const view = renderWithProviders(<Probe {...props} />);
  return {
    rerender: (next: ProbeProps) => {
      view.rerender(<Probe {...next} />);
    },
  };
}

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
    expect(await screen.findByText('chrome: function')).toBeInTheDocument();
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
    expect(await screen.findByText('chrome: function')).toBeInTheDocument();
  });

  it('loads the chrome when the PDF cannot be opened (no page is coming)', async () => {
    renderProbe({ failed: true });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('chrome: function')).toBeInTheDocument();
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
    expect(await screen.findByText('chrome: function')).toBeInTheDocument();
  });
});
