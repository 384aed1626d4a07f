/** What the find bar, the shortcuts and the host's commands read. */
import type { DocState } from '../doc/state';

/** True when a document is on screen and its `param` allows search. */
export const selectSearchAvailable = (state: { doc: DocState }): boolean =>
  state.doc.status === 'ready' && state.doc.docData.param.showSearch;
