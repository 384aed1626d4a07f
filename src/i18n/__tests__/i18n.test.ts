import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '../messages';
import { format, pickLocale } from '..';
import type { Message } from '..';

const components = join(__dirname, '../../components');

type Catalog = [where: string, messages: Record<string, Message>];

/** Every component folder's own strings (its `messages.ts`), by folder. */
function componentCatalogs(): Catalog[] {
  return readdirSync(components, { withFileTypes: true })
    .map((entry) => [entry.name, join(components, entry.name, 'messages.ts')] as const)
    .filter(([, file]) => existsSync(file))
    .flatMap(([folder, file]) =>
      Object.values(jest.requireActual<Record<string, Catalog[1]>>(file)).map(
        (catalog): Catalog => [folder, catalog],
      ),
    );
}

describe('i18n', () => {
  it.each([['i18n/messages', messages] as Catalog, ...componentCatalogs()])(
    'every message of %s has non-empty English and Chinese text',
    (_where, catalog) => {
      expect(Object.keys(catalog).length).toBeGreaterThan(0);
      for (const [key, message] of Object.entries(catalog)) {
        expect([key, message.en.trim()]).not.toEqual([key, '']);
        expect([key, message['zh-CN'].trim()]).not.toEqual([key, '']);
      }
    },
  );

  it('finds the component folders that own strings', () => {
    expect(componentCatalogs().map(([folder]) => folder)).toEqual(
      expect.arrayContaining(['Footer', 'MobileMenu', 'Search', 'Print', 'Signature']),
    );
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
