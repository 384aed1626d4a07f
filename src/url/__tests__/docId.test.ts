import { MAX_DOC_ID_LENGTH, readDocId } from '../docId';

describe('contracts §4 ?doc= is an opaque, validated id', () => {
  it.each([
    [null, { kind: 'none' }],
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['report.pdf', { kind: 'id', id: 'report.pdf' }],
    [' a b/c?d#e ', { kind: 'id', id: 'a b/c?d#e' }],
    ['年报.pdf', { kind: 'id', id: '年报.pdf' }],
    ['a\u0000b', { kind: 'invalid' }],
    ['a\nb', { kind: 'invalid' }],
    ['x'.repeat(MAX_DOC_ID_LENGTH + 1), { kind: 'invalid' }],
  ])('%j → %j', (raw, expected) => {
    expect(readDocId(raw)).toEqual(expected);
  });
});
