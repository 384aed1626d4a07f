import { allPages, MAX_RANGE_LENGTH, parsePageRange } from '..';

describe('parsePageRange (the print dialog’s page range)', () => {
  it.each([
    ['2-4', 5, [2, 3, 4]],
    ['3', 5, [3]],
    [' 1 , 3 - 4 ', 5, [1, 3, 4]],
    ['5-5', 5, [5]],
    ['4-5, 1-2', 5, [1, 2, 4, 5]],
    ['1-3, 2-4', 5, [1, 2, 3, 4]],
    ['1–2', 5, [1, 2]],
    ['1,,2,', 5, [1, 2]],
  ])('%j of %i pages → %j (document order, each page once)', (text, count, pages) => {
    expect(parsePageRange(text, count)).toEqual({ ok: true, pages });
  });

  it.each([
    ['', { kind: 'empty' }],
    [' , ', { kind: 'empty' }],
    ['3-1', { kind: 'reversed', part: '3-1' }],
    ['0', { kind: 'zero' }],
    ['0-2', { kind: 'zero' }],
    ['6', { kind: 'pastEnd', page: 6, pageCount: 5 }],
    ['2-9', { kind: 'pastEnd', page: 9, pageCount: 5 }],
    ['two', { kind: 'syntax', part: 'two' }],
    ['1-2-3', { kind: 'syntax', part: '1-2-3' }],
    ['-2', { kind: 'syntax', part: '-2' }],
    ['2.5', { kind: 'syntax', part: '2.5' }],
    ['1e3', { kind: 'syntax', part: '1e3' }],
    ['1234567890', { kind: 'syntax', part: '1234567890' }],
  ])('%j is refused: %j', (text, error) => {
    expect(parsePageRange(text, 5)).toEqual({ ok: false, error });
  });

  it('reads at most MAX_RANGE_LENGTH characters', () => {
    const text = `${'1,'.repeat(MAX_RANGE_LENGTH / 2)}x`;
    expect(parsePageRange(text, 5)).toEqual({ ok: true, pages: [1] });
  });

  it('a huge range in a huge document is counted, not refused', () => {
    const result = parsePageRange('1-100000', 100_000);
    expect(result.ok && result.pages.length).toBe(100_000);
  });
});

describe('allPages', () => {
  it.each([
    [3, [1, 2, 3]],
    [0, []],
    [-1, []],
  ])('%i → %j', (count, pages) => {
    expect(allPages(count)).toEqual(pages);
  });
});
