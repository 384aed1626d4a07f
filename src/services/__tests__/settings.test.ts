/** contracts §2 global settings: window.routerBase and window.previewApi, defaulted and normalised. */
import { DEFAULT_TIMEOUT_MS } from '../request';
import { readSettings } from '../settings';

describe('readSettings', () => {
  it('contracts §2 settings: routerBase defaults to "/" and previewApi to "<routerBase>api/"', () => {
    expect(readSettings({})).toEqual({
      routerBase: '/',
      previewApi: '/api/',
      previewTimeoutMs: DEFAULT_TIMEOUT_MS,
    });
  });

  it('spec §2 router base: read from the global setting, defaulting to the root path', () => {
    expect(readSettings({ routerBase: '/viewer/' }).routerBase).toBe('/viewer/');
  });

  it.each([
    ['viewer', '/viewer/'],
    ['/viewer', '/viewer/'],
    ['viewer/', '/viewer/'],
    ['//viewer//', '/viewer/'],
    ['/a/b', '/a/b/'],
    [' /viewer/ ', '/viewer/'],
    ['', '/'],
    ['/', '/'],
    [42, '/'],
    [null, '/'],
  ])('contracts §2 settings: routerBase %p is normalised to %p', (given, expected) => {
    expect(readSettings({ routerBase: given }).routerBase).toBe(expected);
  });

  it('contracts §2 settings: the default previewApi follows routerBase', () => {
    expect(readSettings({ routerBase: '/viewer' }).previewApi).toBe('/viewer/api/');
  });

  it.each([
    ['https://facility.example/api', 'https://facility.example/api/'],
    ['https://facility.example/api/', 'https://facility.example/api/'],
    ['/preview', '/preview/'],
    ['', '/api/'],
    [7, '/api/'],
  ])(
    'contracts §2 settings: previewApi %p is normalised to end with "/" (%p)',
    (given, expected) => {
      expect(readSettings({ previewApi: given }).previewApi).toBe(expected);
    },
  );

  it.each([
    [5000, 5000],
    [0, DEFAULT_TIMEOUT_MS],
    [-1, DEFAULT_TIMEOUT_MS],
    ['5000', DEFAULT_TIMEOUT_MS],
    [Number.POSITIVE_INFINITY, DEFAULT_TIMEOUT_MS],
  ])('previewTimeoutMs %p gives %p', (given, expected) => {
    expect(readSettings({ previewTimeoutMs: given }).previewTimeoutMs).toBe(expected);
  });

  it('reads the window by default', () => {
    window.routerBase = '/from-window/';
    try {
      expect(readSettings().routerBase).toBe('/from-window/');
    } finally {
      delete window.routerBase;
    }
  });
});
