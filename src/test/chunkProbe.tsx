/**
 * A component that reports whether a chunk hook (useReadingPanels) has loaded its module, in a
 * store where page 1 is shown or not, the PDF failed or not, and the search or the mobile menu
 * opened: for the tests of when the chunk is asked for.
 */
import { useEffect } from 'react';
import { useAppDispatch } from '../app';
import { docActions } from '../models/doc';
import { searchActions } from '../models/search';
import { renderWithProviders } from './renderWithProviders';

export interface ChunkProbeProps {
  shown?: boolean;
  failed?: boolean;
  search?: boolean;
  menu?: boolean;
}

function ChunkProbe({
  useLoaded,
  shown = false,
  failed = false,
  search = false,
  menu = false,
}: ChunkProbeProps & { useLoaded: () => object | undefined }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(docActions.pageShown(shown));
    dispatch(failed ? docActions.pdfFailed({ kind: 'invalid' }) : docActions.pagesStarted());
    if (search) dispatch(searchActions.open());
  }, [shown, failed, search, dispatch]);
  useEffect(() => {
    if (menu) dispatch(docActions.toggleMobileMenu());
  }, [menu, dispatch]);
  const loaded = useLoaded();
  return <p>{loaded ? 'loaded' : 'waiting'}</p>;
}

/** Renders the probe; `rerender` changes what the store says, keeping the hook's state. */
export function renderChunkProbe(useLoaded: () => object | undefined, props: ChunkProbeProps) {
  const view = renderWithProviders(<ChunkProbe useLoaded={useLoaded} {...props} />);
  return {
    rerender: (next: ChunkProbeProps) => {
      view.rerender(<ChunkProbe useLoaded={useLoaded} {...next} />);
    },
    unmount: view.unmount,
  };
}
