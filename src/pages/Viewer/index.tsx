import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DocumentView } from './DocumentView';
import { readDocId } from '../../services/docId';
import './Viewer.css';

// In the page's own chunk (eager), but evaluated only when there is no document to show.
const EmptyState = lazy(() =>
  import(/* webpackMode: "eager" */ './EmptyState').then((m) => ({ default: m.EmptyState })),
);

/** The wildcard page: `?doc=<id>` names the document (DESIGN.md §4). */
export default function Viewer() {
  const [params] = useSearchParams();
  const doc = readDocId(params.get('doc'));
  if (doc.kind === 'id') return <DocumentView docId={doc.id} />;
  return (
    <Suspense>
      <EmptyState invalid={doc.kind === 'invalid'} />
    </Suspense>
  );
}
