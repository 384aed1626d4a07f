/** contracts §5b: what Download may fetch, derived in one tested place. */
import { selectDownloadFailure, selectDownloadUrl } from '..';
import { docState } from '../../doc/__tests__/helpers';
import { selectListingOf, selectOpenInTabUrl, selectView } from '../../doc/selectors';

const urls = { fileUrl: 'http://x/content', originalUrl: 'http://x/original' };

describe('download selectors', () => {
  it.each([
    [{ download: false, isFcsDownload: true }, undefined],
    [{ download: true, isFcsDownload: true }, urls.originalUrl],
    [{ download: true, isFcsDownload: false }, urls.fileUrl],
  ])('contracts §5b download: %o downloads %p', (param, expected) => {
    expect(selectDownloadUrl({ doc: docState({}, urls, param) })).toBe(expected);
  });

  it.each([
    [{ download: true, isFcsDownload: false }, urls.originalUrl],
    [{ download: true, isFcsDownload: true }, urls.originalUrl],
    [{ download: false, isFcsDownload: true }, undefined],
  ])('a listing has no viewed PDF: %o downloads %p (the original)', (param, expected) => {
    const doc = docState({}, { ...urls, view: 'listing' }, param);
    expect(selectDownloadUrl({ doc })).toBe(expected);
    expect(selectOpenInTabUrl({ doc })).toBeUndefined();
  });

  it('picks the engine by the view, and knows an entry’s listing', () => {
    expect(selectView({ doc: docState() })).toBe('pages');
    expect(selectView({ doc: docState({}, { view: 'listing' }) })).toBe('listing');
    expect(selectListingOf({ doc: docState({ docId: 'a.zip!3!2' }) })).toBe('a.zip!3');
    expect(selectListingOf({ doc: docState({ docId: 'a.pdf' }) })).toBeUndefined();
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
