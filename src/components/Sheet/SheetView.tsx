import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../app';
import { useMessages } from '../../i18n';
import { selectParam, selectShownTitle } from '../../models/doc/selectors';
import { selectSheetBook } from '../../models/sheet';
import { useBootBarReplaced } from '../../boot/bootBar';
import { useFirstFrameReplaced } from '../../boot/firstFrame/replaced';
import { BackToList } from '../BackToList';
import { DownloadControls } from '../Download/DownloadControls';
import { WatermarkedStage } from '../Watermark';
import { PrintNotice } from '../Print/PrintNotice';
import { SheetGrid } from './SheetGrid';
import { SheetPrint } from './SheetPrint';
import { SheetSearch } from './SheetSearch';
import { SheetTabs } from './SheetTabs';
import { sheetMessages } from './messages';
import './Sheet.css';

/**
 * The sheet engine's view (contracts §3 "Views beyond pages"; docs/decisions/
 * 2026-12-06-sheet-view.md): a workbook as a grid under the document's watermark, its sheets as
 * tabs below, a toolbar of what applies to a sheet — the way back to a listing, the title, the
 * search over cells (when the policy allows search), print (its pages, when it allows print) and
 * the original's download (when it allows download). Anti-copy is the page's (DocumentView). Its own chunk (`sheet`): a reader of a PDF
 * loads nothing of it.
 */
export function SheetView({ docId }: { docId: string }) {
  const t = useMessages(sheetMessages);
  const book = useAppSelector(selectSheetBook);
  const active = useAppSelector((state) => state.sheet.active);
  const { showHeaderBar } = useAppSelector((state) => {
    const param = selectParam(state);
    return { showHeaderBar: param.showHeaderBar };
  }, shallowEqual);
  const title = useAppSelector(selectShownTitle);
  useBootBarReplaced();
  useFirstFrameReplaced();
  if (book === undefined) {
    return (
      <main className="folio-viewer" data-doc-id={docId} data-view="sheet">
        <p role="alert" className="folio-sheet-note">
          {t('sheet.unusable')}
        </p>
      </main>
    );
  }
  const sheet =
    book.sheets.at(active)?.hidden === false
      ? active
      : Math.max(
          0,
          book.sheets.findIndex((s) => !s.hidden),
        );
  return (
    <main className="folio-viewer folio-sheet-viewer" data-doc-id={docId} data-view="sheet">
      {showHeaderBar && (
        <section aria-label={t('sheet.toolbar')} className="folio-header-bar">
          <BackToList />
          <div className="folio-header-bar-start" style={{ flex: '1 1 0' }}>
            {title !== '' && <span className="folio-header-bar-title">{title}</span>}
          </div>
          {book.searchUrl !== undefined && <SheetSearch book={book} />}
          <div className="folio-header-bar-group">
            <SheetPrint />
            <DownloadControls />
          </div>
        </section>
      )}
      <div className="folio-body">
        <WatermarkedStage>
          <div
            className="folio-sheet"
            id="folio-sheet-panel"
            role="tabpanel"
            aria-labelledby={`folio-sheet-tab-${String(sheet)}`}
          >
            <SheetGrid key={sheet} book={book} sheet={sheet} />
          </div>
        </WatermarkedStage>
      </div>
      <SheetTabs book={book} active={sheet} />
      <PrintNotice />
    </main>
  );
}
