import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import { viewerActions } from '../../models/viewer';
import { useMessages } from '../../i18n';
import { toolbarMessages } from '../../i18n/messages/toolbar';

/**
 * The page-number input and the `<current> / <count>` display beside it. What the reader types
 * goes to the model's `setPage` on Enter or blur, which owns every rule (spec §4–5): empty or 0 is
 * page 1, past the end is the last page, and text that is not a number changes nothing, so the
 * input, which shows the model's page whenever it is not being edited, falls back to the current
 * page by itself. Escape abandons the edit. While the reader types, the page the text would go to
 * is made ready (`expectPage`). A plain input styled as antd's small one
 * (HeaderBar.css).
 */
export function PageNumberInput() {
  const t = useMessages(toolbarMessages);
  const dispatch = useAppDispatch();
  const currentPage = useAppSelector((state) => state.doc.currentPage);
  const pageCount = useAppSelector((state) => state.doc.docData.pageCount);
  // null: not editing, show the model's page.
  const [draft, setDraft] = useState<string | null>(null);

  const apply = () => {
    if (draft !== null) dispatch(docActions.setPage(draft));
    setDraft(null);
  };

  return (
    <>
      <input
        className="folio-input"
        aria-label={t('toolbar.pageNumber')}
        inputMode="numeric"
        autoComplete="off"
        style={{ width: `calc(${Math.max(2, String(pageCount).length)}ch + 24px)` }}
        value={draft ?? String(currentPage)}
        onFocus={(event) => {
          event.currentTarget.select();
        }}
        onChange={(event) => {
          setDraft(event.target.value);
          // Made ready while the reader is still typing: a view-only page's image takes a round trip.
          void dispatch(viewerActions.expectPage(event.target.value));
        }}
        onBlur={apply}
        onKeyDown={(event) => {
          // Not while an input method composes: its Enter picks a candidate.
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) apply();
          else if (event.key === 'Escape') setDraft(null);
        }}
      />
      <span style={{ whiteSpace: 'nowrap' }}>
        {t('toolbar.pageOfCount', {
          current: currentPage,
          // Not known until pdf.js has opened a file the facility could not read.
          count: pageCount > 0 ? pageCount : '–',
        })}
      </span>
    </>
  );
}
