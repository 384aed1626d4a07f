/** What a host's command does (docs/embedding.md "Commands"): never more than the reader may. */
import { docActions } from '../../doc';
import { initialDocState } from '../../doc/state';
import type { DocState } from '../../doc/state';
import { searchActions } from '../../search';
import { commandAction } from '../subscriptions';
import { PARAM_DEFAULTS } from '../../../domain/document';
import type { DocParam } from '../../../domain/document';

function doc(param: Partial<DocParam> = {}, fields: Partial<DocState> = {}): DocState {
  return {
    ...initialDocState,
    docId: 'a.pdf',
    status: 'ready',
    docData: { ...initialDocState.docData, pageCount: 14, param: { ...PARAM_DEFAULTS, ...param } },
    ...fields,
  };
}

const open = doc({ showSearch: true, showSignature: true });

describe('host commands', () => {
  it('folio:goToPage → setPage, folio:setZoom → zoomTo in percent', () => {
    expect(commandAction({ type: 'folio:goToPage', page: 3 }, open, false)).toEqual(
      docActions.setPage(3),
    );
    expect(commandAction({ type: 'folio:setZoom', zoom: 1.5 }, open, false)).toEqual(
      docActions.zoomTo(150),
    );
  });

  it('folio:search opens the find bar on the text, cleaned, where showSearch offers search', () => {
    expect(commandAction({ type: 'folio:search', query: 'trace\u202e' }, open, false)).toEqual(
      searchActions.openWith('trace'),
    );
    expect(commandAction({ type: 'folio:search', query: 'trace' }, doc(), false)).toBeUndefined();
    expect(commandAction({ type: 'folio:search', query: ' \u202e ' }, open, false)).toBeUndefined();
  });

  it('folio:openSignaturePad opens the pad for the screen, where showSignature offers it', () => {
    const command = { type: 'folio:openSignaturePad' } as const;
    expect(commandAction(command, open, false)).toEqual(docActions.openSignPad(false));
    expect(commandAction(command, open, true)).toEqual(docActions.openSignPad(true));
    expect(commandAction(command, doc(), false)).toBeUndefined();
  });

  it('nothing before the document is ready', () => {
    const loading = doc({ showSearch: true }, { status: 'loading' });
    expect(commandAction({ type: 'folio:goToPage', page: 3 }, loading, false)).toBeUndefined();
    expect(commandAction({ type: 'folio:setZoom', zoom: 2 }, loading, false)).toBeUndefined();
  });
});
