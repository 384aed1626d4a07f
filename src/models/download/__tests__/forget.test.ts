/**
 * A failed download not yet told belongs to its document: another document's fetch forgets it, a
 * retry of the same one keeps it (as the doc model's per-document fields).
 */
import { downloadActions } from '..';
import { docActions } from '../../doc';
import { createTestApp } from '../../../test/renderWithProviders';

describe('download/forget', () => {
  it('forgets the failure when another document is fetched, not on a retry', () => {
    const app = createTestApp();
    app.dispatch(docActions.fetchStarted('a'));
    app.dispatch(downloadActions.failed({ status: 503 }));
    app.dispatch(docActions.fetchStarted('a'));
    expect(app.getState().download.failure).toEqual({ status: 503 });
    app.dispatch(docActions.fetchStarted('b'));
    expect(app.getState().download.failure).toBeUndefined();
  });
});
