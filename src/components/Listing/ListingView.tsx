import { useRef } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../app';
import { useMessages } from '../../i18n';
import { selectListing, selectParam, selectShownTitle } from '../../models/doc/selectors';
import { useBootBarReplaced } from '../../boot/bootBar';
import { useFirstFrameReplaced } from '../../boot/firstFrame/replaced';
import { BackToList } from '../BackToList';
import { DownloadControls } from '../Download/DownloadControls';
import { WatermarkedStage } from '../Watermark';
import { EmailMessage } from './EmailMessage';
import { ListingTree } from './ListingTree';
import { listingMessages } from './messages';
import './Listing.css';

/**
 * The listing engine's view (contracts §3 "Views beyond pages";
 * docs/decisions/2026-12-06-listing-view.md): an archive's entries as a tree, or an e-mail's
 * message above its attachments, under the document's watermark, with a toolbar of what applies
 * to a listing only — the way back to the listing it is an entry of, the title, and the
 * original's download when the policy allows it (no page, zoom, rotation, search of text or
 * print: a listing has no pages). Anti-copy is the page's (DocumentView). Its own chunk
 * (`listing`): a reader of a PDF loads nothing of it.
 */
export function ListingView({ docId }: { docId: string }) {
  const t = useMessages(listingMessages);
  const scroller = useRef<HTMLDivElement>(null);
  const listing = useAppSelector(selectListing);
  const { showHeaderBar, antiCopy } = useAppSelector((state) => {
    const param = selectParam(state);
    return { showHeaderBar: param.showHeaderBar, antiCopy: param.antiCopy };
  }, shallowEqual);
  const title = useAppSelector(selectShownTitle);
  const docTitle = useAppSelector((state) => state.doc.docData.title);
  useBootBarReplaced();
  useFirstFrameReplaced();
  if (listing === undefined) return null;
  const email = listing.kind === 'email' ? listing.message : undefined;
  const label =
    listing.kind === 'email'
      ? t('listing.attachmentsTree')
      : t('listing.archiveTree', { title: docTitle === '' ? docId : docTitle });
  return (
    <main className="folio-viewer folio-listing-viewer" data-doc-id={docId} data-view="listing">
      {showHeaderBar && (
        <section aria-label={t('listing.toolbar')} className="folio-header-bar">
          <BackToList />
          <div className="folio-header-bar-start" style={{ flex: '1 1 0' }}>
            {title !== '' && <span className="folio-header-bar-title">{title}</span>}
          </div>
          <div className="folio-header-bar-group">
            <DownloadControls />
          </div>
        </section>
      )}
      <div className="folio-body">
        <WatermarkedStage>
          <div className="folio-listing" ref={scroller}>
            {email && <EmailMessage message={email} antiCopy={antiCopy} />}
            {email && <h2 className="folio-listing-heading">{t('listing.attachments')}</h2>}
            {listing.truncated && (
              <p className="folio-listing-truncated" role="note">
                {t('listing.truncated', { count: listing.entries.length })}
              </p>
            )}
            {email && listing.entries.length === 0 ? (
              <p className="folio-listing-none">{t('listing.noAttachments')}</p>
            ) : (
              <ListingTree entries={listing.entries} label={label} scroller={scroller} />
            )}
          </div>
        </WatermarkedStage>
      </div>
    </main>
  );
}
