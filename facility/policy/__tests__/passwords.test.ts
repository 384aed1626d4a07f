import { openedByPassword, passwordFromHeader, passwordKey, passwordPart } from '../passwords.ts';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

it.each([
  ['an ASCII password', base64('secret'), 'secret'],
  ['any text, as base64 of its UTF-8', base64('Geheim ä1 秘密'), 'Geheim ä1 秘密'],
  ['no header', undefined, undefined],
  ['an empty one', '', undefined],
  ['two headers', [base64('a'), base64('b')], undefined],
  ['not base64', 'sécret', undefined],
  ['not UTF-8', Buffer.from([0xff, 0xfe]).toString('base64'), undefined],
  ['a line break (read as one line by the programs)', base64('a\nb'), undefined],
  ['past 1 024 characters', base64('x'.repeat(1025)), undefined],
])('reads %s', (_what, header, expected) => {
  expect(passwordFromHeader(header)).toBe(expected);
});

it('keys what a password opened by the scope and the password, neither readable in the key', () => {
  const key = passwordKey('hash', 'secret');
  expect(key).toMatch(/^[0-9a-f]{64}$/);
  expect(passwordKey('hash', 'secret')).toBe(key);
  expect(passwordKey('hash', 'Secret')).not.toBe(key);
  expect(passwordKey('other', 'secret')).not.toBe(key);
  // The scope and the password are kept apart: "ab" + "c" is not "a" + "bc".
  expect(passwordKey('ab', 'c')).not.toBe(passwordKey('a', 'bc'));
});

it('tells a file a password opened by its name, for the queue to leave it to this server', () => {
  const part = passwordPart('hash', 'secret');
  expect(openedByPassword(`/cache/decrypted/hash${part}.docx`)).toBe(true);
  expect(openedByPassword(`/cache/entries/hash-3${part}.tar.gz`)).toBe(true);
  expect(openedByPassword('/cache/entries/hash-3.docx')).toBe(false);
  expect(openedByPassword(`/docs/report-k${'0'.repeat(63)}.docx`)).toBe(false);
});
