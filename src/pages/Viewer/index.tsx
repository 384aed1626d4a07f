import { useSearchParams } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useLocale } from '../../i18n';
import { EmptyState } from './EmptyState';
import { DocumentView } from './DocumentView';
import './Viewer.css';

/** The wildcard page: `?doc=<id>` names the document (DESIGN.md §4). */
export default function Viewer() {
  const [params] = useSearchParams();
  const locale = useLocale();
  const docId = params.get('doc')?.trim();
  return <Shell locale={locale}>{docId ? <DocumentView docId={docId} /> : <EmptyState />}</Shell>;
}
