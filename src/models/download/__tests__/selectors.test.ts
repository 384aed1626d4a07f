/** contracts §5b: what Download may fetch, derived in one tested place. */
import { selectDownloadFailure, selectDownloadUrl } from '..';
import { docState } from '../../doc/__tests__/helpers';

const urls = { fileUrl: 'http://x/content', originalUrl: 'http://x/original' };

describe('download selectors', () => {
  it.each([
    [{ download: false, isFcsDownload: true }, undefined],
    [{ download: true, isFcsDownload: true }, urls.originalUrl],
    [{ download: true, isFcsDownload: false }, urls.fileUrl],
  ])('contracts §5b download: %o downloads %p', (param, expected) => {
    expect(selectDownloadUrl({ doc: docState({}, urls, param) })).toBe(expected);
  });

  it('nothing to download before the facility has answered', () => {
    expect(selectDownloadUrl({ doc: docState() })).toBeUndefined();
    expect(selectDownloadUrl({ doc: docState({}, {}, { isFcsDownload: false }) })).toBeUndefined();
  });

  it('the failure not yet told', () => {
    expect(selectDownloadFailure({ download: { failure: { status: 503 } } })).toEqual({
      status: 503,
    });
    expect(selectDownloadFailure({ download: { failure: undefined } })).toBeUndefined();
  });
});
