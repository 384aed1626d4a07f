import { messages } from '../messages';
import { format, pickLocale } from '..';

describe('i18n', () => {
  it('every message has non-empty English and Chinese text', () => {
    for (const [key, message] of Object.entries(messages)) {
      expect([key, message.en.trim()]).not.toEqual([key, '']);
      expect([key, message['zh-CN'].trim()]).not.toEqual([key, '']);
    }
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
