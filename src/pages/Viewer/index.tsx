import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { DocumentView } from './DocumentView';
import { docIdFromSearch } from '../../url';
import './Viewer.css';

// In the page's own chunk (eager), but evaluated only when there is no document to show.
const EmptyState = lazy(() =>
  import(/* webpackMode: "eager" */ './EmptyState').then((m) => ({ default: m.EmptyState })),
);

/** The wildcard page: `?doc=<id>` names the document (contracts §4). */
export default function Viewer() {
  const doc = docIdFromSearch(useLocation().search);
  if (doc.kind === 'id') return <DocumentView docId={doc.id} />;
  return (
    <Suspense>
      <EmptyState invalid={doc.kind === 'invalid'} />
    </Suspense>
  );
}
