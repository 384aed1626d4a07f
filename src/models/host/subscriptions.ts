/**
 * The `host` model's listener: the host's commands (docs/embedding.md), from its origin only. A
 * command does what the reader's controls dispatch, so it can do only what the reader may. None
 * acts before the document is ready, and none loosens the facility's policy: search only where
 * `showSearch` offers it, the pad only where `showSignature` does; there is no print or download
 * command.
 */
import { NARROW_SCREEN_QUERY } from '../../../config/defaults';
import { listenToHost } from '../../services/host/channel';
import type { AnyAction, SubscriptionsMap } from '../../runtime';
import type { FolioCommand } from '../../services/host/protocol';
import { sanitizeText } from '../../services/sanitizeText';
import { docActions } from '../doc';
import { tokenActions } from '../token';
import { selectDoc } from '../doc/selectors';
import type { DocState } from '../doc/state';
import { searchActions } from '../search';
import { MAX_QUERY_LENGTH } from '../search/state';
import { selectSearchAvailable } from '../search/selectors';

export function commandAction(
  command: FolioCommand,
  doc: DocState,
  narrow: boolean,
): AnyAction | undefined {
  // A renewal keeps the reader reading whatever the document's state (docs/embedding.md).
  if (command.type === 'folio:setToken') return tokenActions.setToken(command.token);
  if (doc.status !== 'ready') return undefined;
  switch (command.type) {
    case 'folio:goToPage':
      return docActions.setPage(command.page);
    case 'folio:setZoom':
      return docActions.zoomTo(command.zoom * 100);
    case 'folio:search': {
      const query = sanitizeText(command.query, MAX_QUERY_LENGTH);
      if (!selectSearchAvailable({ doc }) || query === '') return undefined;
      return searchActions.openWith(query);
    }
    case 'folio:openSignaturePad':
      return doc.docData.param.showSignature ? docActions.openSignPad(narrow) : undefined;
  }
}

export const hostSubscriptions = {
  /** The host's commands, from its origin only (services/host/channel.ts). */
  commands({ dispatch, select }) {
    if (typeof window === 'undefined') return undefined;
    return listenToHost((command) => {
      const narrow = 'matchMedia' in window && window.matchMedia(NARROW_SCREEN_QUERY).matches;
      const action = commandAction(command, select(selectDoc), narrow);
      if (action) dispatch(action);
    });
  },
} satisfies SubscriptionsMap;
