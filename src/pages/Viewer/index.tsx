// First: pdf.js's viewer CSS comes before the page view's own, which overrides it.
import { provideViewerParts } from '../../services/pdf/viewerParts';
import { useAppSelector } from '../../app';
import { DocumentView } from './DocumentView';
import { chunkComponent } from '../../runtime';
import './Viewer.css';

// pdf.js arrives with this chunk: the doc model's `pages` effect, waiting for it since the fetch
// started, opens the PDF the moment the chunk runs, and the session can build its viewer
// (docs/architecture.md, "The open document").
provideViewerParts();

// No document to show: the `document-status` chunk, which a document link never loads.
const EmptyState = chunkComponent(
  () => import(/* webpackChunkName: "document-status" */ './EmptyState'),
  (m) => m.EmptyState,
);

/** The wildcard page: `?doc=<id>` names the document (contracts §4), as the url model read it. */
export default function Viewer() {
  const doc = useAppSelector((state) => state.url.link.doc);
  if (doc.kind === 'id') return <DocumentView docId={doc.id} />;
  return <EmptyState invalid={doc.kind === 'invalid'} />;
}
