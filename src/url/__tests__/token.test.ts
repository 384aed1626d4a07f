import { readUrlToken, takeUrlToken } from '../token';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJkb2MiOiJhLnBkZiJ9.c2ln-_';

describe('readUrlToken', () => {
  it.each([
    [
      'the fragment',
      '?doc=a.pdf',
      `#page=2&token=${JWT}&zoom=150`,
      '?doc=a.pdf',
      '#page=2&zoom=150',
    ],
    ['the fragment alone', '?doc=a.pdf', `#token=${JWT}`, '?doc=a.pdf', ''],
    [
      'the query',
      `?doc=a%20b.pdf&token=${JWT}&lang=zh-CN`,
      '#page=3',
      '?doc=a%20b.pdf&lang=zh-CN',
      '#page=3',
    ],
    ['the query alone', `?token=${JWT}`, '', '', ''],
    ['a key in any case', '?doc=a.pdf', `#TOKEN=${JWT}`, '?doc=a.pdf', ''],
  ])(
    'reads it from %s and keeps the rest as written',
    (_what, search, hash, restSearch, restHash) => {
      expect(readUrlToken(search, hash)).toEqual({
        token: JWT,
        search: restSearch,
        hash: restHash,
      });
    },
  );

  it('prefers the fragment, and takes both out', () => {
    expect(readUrlToken('?doc=a.pdf&token=query.x.y', `#token=${JWT}`)).toEqual({
      token: JWT,
      search: '?doc=a.pdf',
      hash: '',
    });
  });

  it('leaves a URL without one untouched', () => {
    expect(readUrlToken('?doc=a.pdf&tokens=1', '#page=2')).toEqual({
      token: undefined,
      search: '?doc=a.pdf&tokens=1',
      hash: '#page=2',
    });
  });

  it.each([
    ['an empty value', '#token='],
    ['no value', '#token'],
    ['a space', '#token=a%20b'],
    ['a header injection', '#token=a%0d%0aX-Evil:1'],
    ['quotes', '#token="abc"'],
    ['8 KiB and more', `#token=${'a'.repeat(8193)}`],
  ])('sends nothing for %s, and still takes it out of the address bar', (_what, hash) => {
    expect(readUrlToken('?doc=a.pdf', hash)).toEqual({
      token: undefined,
      search: '?doc=a.pdf',
      hash: '',
    });
  });
});

describe('takeUrlToken', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('gives the token and leaves the rest of the address as written', () => {
    window.history.replaceState(
      { kept: 1 },
      '',
      `/viewer/?doc=a%20b.pdf&lang=en#page=2&token=${JWT}`,
    );
    expect(takeUrlToken()).toBe(JWT);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/viewer/?doc=a%20b.pdf&lang=en#page=2',
    );
    expect(window.history.state).toEqual({ kept: 1 });
  });

  it('touches nothing when the link carries no token', () => {
    window.history.replaceState(null, '', '/?doc=a.pdf#page=3');
    const length = window.history.length;
    expect(takeUrlToken()).toBeUndefined();
    expect(window.location.href).toMatch(/\/\?doc=a\.pdf#page=3$/);
    expect(window.history.length).toBe(length);
  });
});
