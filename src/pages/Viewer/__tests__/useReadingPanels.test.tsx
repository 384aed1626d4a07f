/** The chrome's panels and dialogs come once page 1 is drawn, or sooner when one is opened. */
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { CHROME_WAIT_MS } from '../../../../config/defaults';
import { useAppDispatch } from '../../../app';
import { docActions } from '../../../models/doc';
import { searchActions } from '../../../models/search';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useReadingPanels } from '../useReadingPanels';

// What the panels are does not matter here (browser tests render them), only when they load.
jest.mock('../ReadingPanels', () => ({ SidePanel: () => null }));

interface ProbeProps {
  shown?: boolean;
  failed?: boolean;
  search?: boolean;
}

function Probe({ shown = false, failed = false, search = false }: ProbeProps) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(docActions.pageShown(shown));
    dispatch(failed ? docActions.pdfFailed({ kind: 'invalid' }) : docActions.pdfStarted());
    if (search) dispatch(searchActions.open());
  }, [shown, failed, search, dispatch]);
  const panels = useReadingPanels();
  return <p>{panels ? `panels: ${typeof panels.SidePanel}` : 'waiting'}</p>;
}

function renderProbe(props: ProbeProps) {
  const view = renderWithProviders(<Probe {...props} />);
  return {
    rerender: (next: ProbeProps) => {
      view.rerender(<Probe {...next} />);
    },
  };
}

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
    expect(await screen.findByText('panels: function')).toBeInTheDocument();
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
    expect(await screen.findByText('panels: function')).toBeInTheDocument();
  });

  it('loads the panels when the PDF cannot be opened (no page is coming)', async () => {
    renderProbe({ failed: true });
    expect(await screen.findByText('panels: function')).toBeInTheDocument();
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
    expect(await screen.findByText('panels: function')).toBeInTheDocument();
  });
});
