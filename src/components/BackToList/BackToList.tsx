import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app';
import { selectListingOf } from '../../models/doc/selectors';
import { useMessages } from '../../i18n';
import { searchWithDoc } from '../../url/docLink';
import { useNarrowScreen } from '../common/useNarrowScreen';
import { backMessages } from './messages';
import './BackToList.css';

/**
 * "Back to list" (返回列表) on an archive's entry or an e-mail's attachment: a link to the listing
 * it was opened from, in the same viewer, the token kept in memory
 * (docs/decisions/2026-12-06-listing-view.md). Absent on any other document. A link, so the
 * browser's Back, a middle click and a screen reader's links list all work as for any link; on
 * phones the arrow alone, named by its label.
 */
export function BackToList() {
  const listing = useAppSelector(selectListingOf);
  // Only an entry's toolbar holds the link (and so asks the router for the query).
  return listing === undefined ? null : <BackLink listing={listing} />;
}

function BackLink({ listing }: { listing: string }) {
  const t = useMessages(backMessages);
  const { search } = useLocation();
  const narrow = useNarrowScreen();
  const label = t('listing.back');
  return (
    <Link
      className="folio-back-to-list"
      to={{ search: searchWithDoc(search, listing) }}
      aria-label={label}
      title={narrow ? label : undefined}
    >
      <ArrowLeftOutlined aria-hidden />
      {!narrow && <span>{label}</span>}
    </Link>
  );
}
