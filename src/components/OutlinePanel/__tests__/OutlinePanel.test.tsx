import { screen } from '@testing-library/react';
import { OutlinePanel } from '..';
import { useEffect } from 'react';
import { useAppDispatch } from '../../../app';
import { docActions } from '../../../models/doc';
import { renderWithProviders } from '../../../test/renderWithProviders';

/** Stands for PdfDocument: reports how opening the PDF went, as it does. */
function Opener({ failed }: { failed: boolean }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (failed) dispatch(docActions.pdfFailed({ kind: 'invalid' }));
  }, [failed, dispatch]);
  return null;
}

function renderPanel(failed: boolean, docOutline = [] as { title: string; page: number }[]) {
  return renderWithProviders(
    <>
      <Opener failed={failed} />
      <OutlinePanel />
    </>,
    {
      preloadedState: {
        doc: { docData: { docOutline: docOutline.map((item) => ({ ...item, children: [] })) } },
      },
    },
  );
}

describe('OutlinePanel without a PDF', () => {
  it('reads the outline while the PDF is still opening', () => {
    renderPanel(false);
    expect(screen.getByText('Reading the outline…')).toBeInTheDocument();
  });

  it('says there is no outline when the PDF failed to open and the facility gave none', () => {
    renderPanel(true);
    expect(screen.getByText('No outline: the document could not be opened.')).toBeInTheDocument();
    expect(screen.queryByText('Reading the outline…')).not.toBeInTheDocument();
  });

  it("still shows the facility's outline when the PDF failed to open", () => {
    renderPanel(true, [{ title: 'Chapter 1', page: 2 }]);
    expect(screen.getByRole('treeitem', { name: /Chapter 1/ })).toBeInTheDocument();
  });
});
