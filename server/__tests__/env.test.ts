/** Settings parsed strictly at start (server/env.ts): a doubtful value throws, naming the variable. */
import { count, duration, durationSeconds, number, proxyList } from '../env.ts';

function withEnv<T>(name: string, value: string | undefined, read: () => T): T {
  const before = process.env[name];
  if (value === undefined) Reflect.deleteProperty(process.env, name);
  else process.env[name] = value;
  try {
    return read();
  } finally {
    if (before === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = before;
  }
}

describe('durations', () => {
  it.each([
    ['90', 90],
    ['90s', 90],
    ['15m', 900],
    ['24h', 86_400],
    ['7d', 604_800],
  ])('%s is %d s', (text, seconds) => {
    expect(durationSeconds(text)).toBe(seconds);
  });

  it.each(['', '-1h', '1.5h', '1w', '24 h', 'h', '1e3', '9999999999'])('"%s" is none', (text) => {
    expect(durationSeconds(text)).toBeUndefined();
  });

  it('a variable outside its range names itself', () => {
    expect(() => withEnv('X_TTL', '3650d', () => duration('X_TTL', 60, 60, 86_400))).toThrow(
      /^X_TTL must be a duration .* not "3650d"$/,
    );
    expect(withEnv('X_TTL', undefined, () => duration('X_TTL', 60, 60))).toBe(60);
  });
});

describe('TRUST_PROXY', () => {
  const read = (value: string | undefined) =>
    withEnv('TRUST_PROXY', value, () => proxyList('TRUST_PROXY'));

  it('unset or off trusts no proxy', () => {
    expect(read(undefined)).toBeUndefined();
    expect(read('off')).toBeUndefined();
  });

  it('takes addresses, CIDR ranges and the private-range names, by comma or space', () => {
    expect(read('10.0.0.5, 10.1.0.0/16 ::1 fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['*', 'true', '1', 'proxy.internal', '10.0.0.0/33', '::/129', '10.0.0.0/8/8', '10.0.0'])(
    'refuses %s',
    (value) => {
      expect(() => read(value)).toThrow(/^TRUST_PROXY must list proxy addresses/);
    },
  );
});

describe('numbers and counts', () => {
  it.each([
    ['30', 30],
    ['0.5', 0.5],
    [' 120 ', 120],
  ])('"%s" is %d', (text, value) => {
    expect(withEnv('FOLIO_TEST_NUMBER', text, () => number('FOLIO_TEST_NUMBER', 1, 0))).toBe(value);
  });

  it.each(['0x10', '1e3', '+5', '-1', '.5', '5.', 'Infinity', 'NaN', '10 s', '1_000'])(
    '"%s" stops the start, naming the variable',
    (text) => {
      expect(() =>
        withEnv('FOLIO_TEST_NUMBER', text, () => number('FOLIO_TEST_NUMBER', 1, 0)),
      ).toThrow(/FOLIO_TEST_NUMBER must be a number/);
    },
  );

  it('a count is whole and within its range', () => {
    expect(withEnv('FOLIO_TEST_COUNT', '8080', () => count('FOLIO_TEST_COUNT', 1, 0, 65535))).toBe(
      8080,
    );
    for (const text of ['1.5', '80.0', '65536']) {
      expect(() =>
        withEnv('FOLIO_TEST_COUNT', text, () => count('FOLIO_TEST_COUNT', 1, 0, 65535)),
      ).toThrow(/FOLIO_TEST_COUNT must be a whole number from 0 to 65535/);
    }
    expect(withEnv('FOLIO_TEST_COUNT', undefined, () => count('FOLIO_TEST_COUNT', 7, 0))).toBe(7);
  });
});
