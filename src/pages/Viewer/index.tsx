import { useSearchParams } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useLocale } from '../../i18n';
import { EmptyState } from './EmptyState';
import { DocumentView } from './DocumentView';
import { readDocId } from '../../services/docId';
import './Viewer.css';

/** The wildcard page: `?doc=<id>` names the document (DESIGN.md §4). */
export default function Viewer() {
  const [params] = useSearchParams();
  const locale = useLocale();
  const doc = readDocId(params.get('doc'));
  return (
    <Shell locale={locale}>
      {doc.kind === 'id' ? (
        <DocumentView docId={doc.id} />
      ) : (
        <EmptyState invalid={doc.kind === 'invalid'} />
      )}
    </Shell>
  );
}
