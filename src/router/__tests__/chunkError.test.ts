import { describeChunkError } from '../chunkError';

function chunkLoadError(message: string, type: string) {
  return Object.assign(new Error(message), { name: 'ChunkLoadError', type, request: 'x.js' });
}

describe('spec §8 chunk load error carries the chunk number', () => {
  it.each([
    [
      'Loading chunk 421 failed.\n(timeout: http://h/421.js)',
      'timeout',
      { chunk: '421', reason: 'timeout' },
    ],
    [
      'Loading chunk viewer-vendor failed.\n(missing: http://h/v.js)',
      'missing',
      { chunk: 'viewer-vendor', reason: 'missing' },
    ],
    ['Loading CSS chunk 7 failed.\n(http://h/7.css)', 'error', { chunk: '7', reason: 'error' }],
  ])('%s', (message, type, expected) => {
    expect(describeChunkError(chunkLoadError(message, type))).toEqual(expected);
  });

  it('is not a chunk error otherwise', () => {
    expect(describeChunkError(new Error('Loading chunk 1 failed.'))).toBeUndefined();
    expect(describeChunkError('text')).toBeUndefined();
  });
});
