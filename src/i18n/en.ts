/** English, the reference catalogue: every other language has exactly these keys. */
export const en = {
  'app.name': 'Folio',
  'chunk.title': 'Part of Folio could not be loaded',
  'chunk.detail': 'Chunk {chunk} failed to load ({reason}). Check your connection and try again.',
  'chunk.reason.timeout': 'timed out',
  'chunk.reason.missing': 'not found',
  'chunk.reason.error': 'network error',
  'crash.title': 'Something went wrong',
  'crash.detail': 'Folio hit an unexpected error. Reloading usually helps.',
  'action.retry': 'Retry',
  'action.reload': 'Reload',
  'empty.title': 'No document selected',
  'empty.detail': 'Open Folio from a link that names a document, for example ?doc=report.pdf.',
  'doc.loading': 'Loading document…',
  'doc.converting': 'Preparing the document: {loaded} / {total} pages',
  'doc.pages': '{count} pages',
  'error.notFound.title': 'Document not found',
  'error.notFound.detail': 'The document “{id}” does not exist or is no longer available.',
  'error.facility.title': 'The preview service failed',
  'error.facility.detail':
    'The preview service answered with an error ({status}). Try again in a moment.',
  'error.timeout.title': 'The preview service did not answer',
  'error.timeout.detail': 'The request took too long. Check your connection and try again.',
  'error.malformed.title': 'The preview service sent something unreadable',
  'error.malformed.detail': 'Its answer was not a document description Folio understands.',
  'error.network.title': 'No connection to the preview service',
  'error.network.detail': 'Folio could not reach the preview service. Check your connection.',
};

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
