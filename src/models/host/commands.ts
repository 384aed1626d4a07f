/**
 * What a host's command does (docs/embedding.md): the same actions the reader's controls
 * dispatch, so a command can do only what the reader may. None acts before the document is ready,
 * and none loosens the facility's policy: search only where `showSearch` offers it, the pad only
 * where `showSignature` does; there is no print or download command.
 */
import type { AnyAction } from '../../runtime';
import type { FolioCommand } from '../../services/host/protocol';
import { sanitizeText } from '../../services/sanitizeText';
import { docModel } from '../doc';
import type { DocState } from '../doc/state';
import { searchModel } from '../search';
import { MAX_QUERY_LENGTH } from '../search/state';
import { selectSearchAvailable } from '../search/subscriptions';

export function commandAction(
  command: FolioCommand,
  doc: DocState,
  narrow: boolean,
): AnyAction | undefined {
  if (doc.status !== 'ready') return undefined;
  switch (command.type) {
    case 'folio:goToPage':
      return docModel.actions.setPage(command.page);
    case 'folio:setZoom':
      return docModel.actions.zoomTo(command.zoom * 100);
    case 'folio:search': {
      const query = sanitizeText(command.query, MAX_QUERY_LENGTH);
      if (!selectSearchAvailable({ doc }) || query === '') return undefined;
      return searchModel.actions.openWith(query);
    }
    case 'folio:openSignaturePad':
      return doc.docData.param.showSignature ? docModel.actions.openSignPad(narrow) : undefined;
  }
}
