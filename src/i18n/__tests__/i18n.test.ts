import { en } from '../en';
import { zhCN } from '../zhCN';
import { format, pickLocale } from '..';

describe('i18n', () => {
  it('zh-CN has every English key and no empty string', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    for (const text of Object.values(zhCN)) expect(text.trim()).not.toBe('');
  });

  it.each([
    ['?lang=zh-CN', ['en-US'], 'zh-CN'],
    ['?lang=en', ['zh-CN'], 'en'],
    ['?lang=fr', ['zh-TW', 'en'], 'zh-CN'],
    ['', ['de-DE', 'en-GB'], 'en'],
    ['', ['de-DE'], 'en'],
  ] as const)('pickLocale(%s, %j) is %s', (search, languages, expected) => {
    expect(pickLocale(search, languages)).toBe(expected);
  });

  it('fills placeholders with plain text and leaves unknown ones', () => {
    expect(format('{a} of {b} {c}', { a: 1, b: '<b>2</b>' })).toBe('1 of <b>2</b> {c}');
  });
});
