/**
 * The results list's own search (issue 4): the same page text pdf.js's find controller builds,
 * pdf.js's matching rules, context lines as plain text, and a page-by-page pass that reports as it
 * goes, can be stopped, and bounds what it keeps.
 */
import {
  contextOf,
  createMatcher,
  hitId,
  normalizeQuery,
  normalizeText,
  pageText,
  pdfOffsets,
  searchDocument,
} from '../textSearch';
import type { MatchOptions, PageTextSource, SearchProgress } from '../textSearch';

const PLAIN: MatchOptions = { caseSensitive: false, entireWord: false };

function find(text: string, query: string, options: Partial<MatchOptions> = {}) {
  const matcher = createMatcher(query, { ...PLAIN, ...options });
  if (!matcher) throw new Error('no matcher');
  return matcher.find(text).map(({ start, length }) => text.slice(start, start + length));
}

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

  it('pdfOffsets: pdf.js counts its matches without the line breaks it added', () => {
    const raw = 'one\ntwo trace\nthree trace';
    const starts = [raw.indexOf('trace'), raw.lastIndexOf('trace')];
    expect(pdfOffsets(raw, starts)).toEqual([starts[0] - 1, (starts[1] ?? 0) - 2]);
  });
});

describe('normalizeText: pdf.js’s matching rules', () => {
  it.each([
    [
      'a hyphen that breaks a word at a line end is dropped with the break',
      'sear-\nch it',
      'search it',
    ],
    ['a capitalised word too', 'Sear-\nch', 'Search'],
    ['other hyphens at a line end stay, without the break', '2-\n3', '2-3'],
    ['a line break is a space', 'one\ntwo', 'one two'],
    ['a line break after CJK text disappears', '中文\n文本', '中文文本'],
    ['accents are ignored', 'résumé', 'resume'],
    ['ligatures are letters', 'ﬁnal', 'final'],
    ['typographic quotes are plain', '“quoted” it’s', '"quoted" it\'s'],
  ])('%s', (_, raw, normalized) => {
    expect(normalizeText(raw).text).toBe(normalized);
  });

  it('maps every character back to where it came from', () => {
    const raw = 'sear-\nch ﬁne';
    const { text, map } = normalizeText(raw);
    expect(text).toBe('search fine');
    expect(Array.from(map)).toEqual([0, 1, 2, 3, 6, 7, 8, 9, 9, 10, 11, raw.length]);
  });

  it('folds the query the same way, trimmed', () => {
    expect(normalizeQuery('  Résumé  ')).toBe('Resume');
  });
});

describe('createMatcher', () => {
  const text = 'Trace trees: a trace, traces and TRACE.\nRetrace the trace-\nbased';

  it('finds every occurrence, ignoring case by default', () => {
    expect(find(text, 'trace')).toEqual(['Trace', 'trace', 'trace', 'TRACE', 'trace', 'trace']);
  });

  it('match case keeps only the same case', () => {
    expect(find(text, 'TRACE', { caseSensitive: true })).toEqual(['TRACE']);
  });

  it('whole words leave out matches inside words', () => {
    // "trace-\nbased" is one broken word, "tracebased", as pdf.js reads it.
    expect(find(text, 'trace', { entireWord: true })).toEqual(['Trace', 'trace', 'TRACE']);
  });

  it('a space matches a run of spaces or a line break', () => {
    expect(find('TRACE.\nRetrace  the', 'retrace the')).toEqual(['Retrace  the']);
    expect(find(text, 'trace. retrace')).toEqual(['TRACE.\nRetrace']);
  });

  it('reads the query literally, not as a pattern', () => {
    expect(find('a.b axb (c) [d]', 'a.b')).toEqual(['a.b']);
    expect(find('a.b axb (c) [d] e/f a-b', '(c) [d]')).toEqual(['(c) [d]']);
    expect(find('e/f a-b $1 ^x', 'a-b')).toEqual(['a-b']);
    expect(find('e/f a-b $1 ^x', '$1 ^x')).toEqual(['$1 ^x']);
  });

  it('finds a word broken across lines, and accented text from plain letters', () => {
    expect(find('the sear-\nching goes', 'searching')).toEqual(['sear-\nching']);
    expect(find('Un résumé', 'resume')).toEqual(['résumé']);
    expect(find('Un re\u0301sume\u0301.', 'resume')).toEqual(['re\u0301sume\u0301']);
  });

  it('gives offsets into the raw page text (as pdf.js’s pageMatches)', () => {
    const matcher = createMatcher('trace', PLAIN);
    expect(matcher?.find('ﬁne trace')).toEqual([{ start: 4, length: 5 }]);
  });

  it('has nothing to look for in an empty or blank query', () => {
    expect(createMatcher('', PLAIN)).toBeUndefined();
    expect(createMatcher('   ', PLAIN)).toBeUndefined();
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

function source(pages: readonly (string | Error)[]): PageTextSource & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    pageCount: pages.length,
    pageText(page) {
      asked.push(page);
      const text = pages[page - 1];
      return text instanceof Error ? Promise.reject(text) : Promise.resolve(text);
    },
  };
}

function run(
  pages: readonly (string | Error)[],
  query: string,
  options: { maxHits?: number; signal?: AbortSignal } = {},
) {
  const seen: SearchProgress[] = [];
  const matcher = createMatcher(query, PLAIN);
  if (!matcher) throw new Error('no matcher');
  const result = searchDocument(source(pages), matcher, {
    signal: options.signal ?? new AbortController().signal,
    maxHits: options.maxHits,
    sliceMs: 0,
    onProgress: (progress) => {
      seen.push({ ...progress, hits: progress.hits.slice() });
    },
  });
  return { result, seen };
}

describe('searchDocument: page by page', () => {
  it('reports after each page, in order, with each hit’s page, place and context', async () => {
    const { result, seen } = run(['no match', 'a trace here', 'trace and\ntrace'], 'trace');
    const final = await result;
    expect(seen.map((p) => [p.pagesSearched, p.total, p.done])).toEqual([
      [1, 0, false],
      [2, 1, false],
      [3, 3, true],
    ]);
    expect(final?.hits.map((hit) => [hit.id, hit.page, hit.indexOnPage, hit.match])).toEqual([
      [hitId(2, 2), 2, 0, 'trace'],
      [hitId(3, 0), 3, 0, 'trace'],
      [hitId(3, 9), 3, 1, 'trace'], // pdf.js's offset, without the line break
    ]);
    expect(final).toMatchObject({ total: 3, pagesWithHits: 2, pageCount: 3, done: true });
  });

  it('counts every match but keeps at most maxHits', async () => {
    const final = await run(['trace '.repeat(10), 'trace'], 'trace', { maxHits: 4 }).result;
    expect(final?.total).toBe(11);
    expect(final?.hits).toHaveLength(4);
  });

  it('searches past a page whose text cannot be read, and says which', async () => {
    const final = await run(['trace', new Error('broken'), 'trace'], 'trace').result;
    expect(final).toMatchObject({ total: 2, failedPages: [2], done: true });
  });

  it('stops when aborted: no more pages, no result', async () => {
    const controller = new AbortController();
    const pages = Array.from({ length: 50 }, () => 'trace');
    const seen: number[] = [];
    const matcher = createMatcher('trace', PLAIN);
    if (!matcher) throw new Error('no matcher');
    const result = await searchDocument(source(pages), matcher, {
      signal: controller.signal,
      sliceMs: 0,
      onProgress: (progress) => {
        seen.push(progress.pagesSearched);
        if (progress.pagesSearched === 3) controller.abort();
      },
    });
    expect(result).toBeUndefined();
    expect(seen).toEqual([1, 2, 3]);
  });
});
