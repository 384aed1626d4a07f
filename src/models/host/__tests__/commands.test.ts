/** What a host's command does (docs/embedding.md "Commands"): never more than the reader may. */
import { docModel } from '../../doc';
import { initialDocState, PARAM_DEFAULTS } from '../../doc/state';
import type { DocParam, DocState } from '../../doc/state';
import { searchModel } from '../../search';
import { commandAction } from '../subscriptions';

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
      docModel.actions.setPage(3),
    );
    expect(commandAction({ type: 'folio:setZoom', zoom: 1.5 }, open, false)).toEqual(
      docModel.actions.zoomTo(150),
    );
  });

  it('folio:search opens the find bar on the text, cleaned, where showSearch offers search', () => {
    expect(commandAction({ type: 'folio:search', query: 'trace\u202e' }, open, false)).toEqual(
      searchModel.actions.openWith('trace'),
    );
    expect(commandAction({ type: 'folio:search', query: 'trace' }, doc(), false)).toBeUndefined();
    expect(commandAction({ type: 'folio:search', query: ' \u202e ' }, open, false)).toBeUndefined();
  });

  it('folio:openSignaturePad opens the pad for the screen, where showSignature offers it', () => {
    const command = { type: 'folio:openSignaturePad' } as const;
    expect(commandAction(command, open, false)).toEqual(docModel.actions.openSignPad(false));
    expect(commandAction(command, open, true)).toEqual(docModel.actions.openSignPad(true));
    expect(commandAction(command, doc(), false)).toBeUndefined();
  });

  it('nothing before the document is ready', () => {
    const loading = doc({ showSearch: true }, { status: 'loading' });
    expect(commandAction({ type: 'folio:goToPage', page: 3 }, loading, false)).toBeUndefined();
    expect(commandAction({ type: 'folio:setZoom', zoom: 2 }, loading, false)).toBeUndefined();
  });
});
