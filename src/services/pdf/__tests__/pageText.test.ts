/**
 * The results rows' text (behaviour.md, "Search"): the same page text pdf.js's find controller builds, pdf.js's
 * match offsets placed in it, and context lines as plain text.
 */
import { contextOf, pageText, rawRange } from '../pageText';

describe('pageText: the page text of pdf.js’s find controller', () => {
  it('joins the items, with a line break after those that end a line', () => {
    expect(
      pageText([
        { str: 'Trace-based', hasEOL: false },
        { str: ' compilation', hasEOL: true },
        { type: 'beginMarkedContent' },
        { str: 'of loops', hasEOL: false },
      ]),
    ).toBe('Trace-based compilation\nof loops');
  });

  it('makes a line break inside an item a space: every line break is one pdf.js added', () => {
    expect(pageText([{ str: 'a\nb', hasEOL: true }])).toBe('a b\n');
  });
});

describe('rawRange: pdf.js’s offsets, which leave out the line breaks it added', () => {
  const raw = 'one\ntwo trace\nthree trace-\nbased';
  // The items' strings alone: "onetwo tracethree trace-based".
  it.each([
    ['a match on the first line', 0, 3, 'one'],
    ['after one line break', 7, 5, 'trace'],
    ['after two', 18, 5, 'trace'],
    ['across a line end', 18, 11, 'trace-\nbased'],
  ])('%s', (_, offset, length, text) => {
    const { start, length: rawLength } = rawRange(raw, offset, length);
    expect(raw.slice(start, start + rawLength)).toBe(text);
  });

  it('stays inside the text when pdf.js and the text disagree', () => {
    expect(rawRange('abc', 2, 5)).toEqual({ start: 2, length: 1 });
    expect(rawRange('abc', 9, 1)).toEqual({ start: 3, length: 0 });
  });
});

describe('contextOf: a line of context, as text', () => {
  it('keeps a little before and more after, cut at spaces, with … where the text goes on', () => {
    const raw = `${'word '.repeat(20)}the trace tree ${'more '.repeat(40)}`;
    const start = raw.indexOf('trace');
    const context = contextOf(raw, { start, length: 5 });
    expect(context.match).toBe('trace');
    expect(context.before).toMatch(/^….* the $/);
    expect(context.before.length).toBeLessThanOrEqual(22);
    expect(context.after).toMatch(/^ tree more .*…$/);
  });

  it('shows the whole text when it is short, without …', () => {
    expect(contextOf('a trace', { start: 2, length: 5 })).toEqual({
      before: 'a ',
      match: 'trace',
      after: '',
    });
  });

  it('drops control and bidi-override characters, makes line breaks spaces, keeps HTML as text', () => {
    const raw = '<b>x</b>\u202Eevil\u0007 trace\nnext';
    const start = raw.indexOf('trace');
    expect(contextOf(raw, { start, length: 5 })).toEqual({
      before: '<b>x</b>evil ',
      match: 'trace',
      after: ' next',
    });
  });
});
