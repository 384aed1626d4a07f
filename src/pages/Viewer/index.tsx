import { useSearchParams } from 'react-router-dom';
import { EmptyState } from './EmptyState';
import { DocumentView } from './DocumentView';

/** The wildcard page: `?doc=<id>` names the document (DESIGN.md §4). */
export default function Viewer() {
  const [params] = useSearchParams();
  const docId = params.get('doc')?.trim();
  return docId ? <DocumentView docId={docId} /> : <EmptyState />;
}
