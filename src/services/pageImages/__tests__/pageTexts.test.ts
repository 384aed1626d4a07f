/** A view-only page's text (contracts §3 `viewOnly.text`): read strictly, joined, boxed. */
import { boxesOf, MAX_RUNS, pageWords, readRuns } from '../pageTexts';

const run = (text: string, x: number, y: number, width = text.length * 10, height = 20) => ({
  text,
  x,
  y,
  width,
  height,
});

describe('readRuns', () => {
  it('keeps well-formed runs and leaves out anything else', () => {
    const body = {
      width: 816,
      height: 1056,
      items: [
        run('Hello', 10, 10),
        { text: '<img src=x onerror=alert(1)>', x: 1, y: 1, width: 1, height: 1 },
        { text: 5, x: 1, y: 1, width: 1, height: 1 },
        { text: 'nan', x: Number.NaN, y: 1, width: 1, height: 1 },
        { text: '', x: 1, y: 1, width: 1, height: 1 },
        null,
        'string',
        { text: 'neg', x: 1, y: 1, width: -5, height: 2 },
      ],
    };
    expect(readRuns(body)).toEqual([
      run('Hello', 10, 10),
      // Kept as text: it is searched, never laid out as HTML.
      { text: '<img src=x onerror=alert(1)>', x: 1, y: 1, width: 1, height: 1 },
      { text: 'neg', x: 1, y: 1, width: 0, height: 2 },
    ]);
    expect(readRuns(null)).toEqual([]);
    expect(readRuns({ items: 'x' })).toEqual([]);
  });

  it('cuts a page of absurdly many runs', () => {
    const items = Array.from({ length: MAX_RUNS + 5 }, (_, i) => run('a', i, 0));
    expect(readRuns({ items })).toHaveLength(MAX_RUNS);
  });
});

describe('pageWords', () => {
  it('joins runs of one line as they are, and puts a space between lines and gaps', () => {
    const words = pageWords([
      run('Hel', 0, 0),
      run('lo', 30, 0),
      run('world', 100, 0),
      run('next', 0, 40),
      run(' line', 40, 40),
    ]);
    expect(words.raw).toBe('Hello world next line');
    expect(words.origin[5]).toBe(-1);
    expect(words.origin[6]).toEqual([2, 0]);
  });
});

describe('boxesOf', () => {
  it('boxes a match across two runs, a share of each run by its characters', () => {
    const words = pageWords([run('Hel', 0, 0, 30), run('lo', 30, 0, 20)]);
    expect(boxesOf(words, 1, 3)).toEqual([
      { x: 10, y: 0, width: 20, height: 20 },
      { x: 30, y: 0, width: 10, height: 20 },
    ]);
  });

  it('gives no box for the spaces it added', () => {
    const words = pageWords([run('a', 0, 0, 10), run('b', 0, 40, 10)]);
    expect(words.raw).toBe('a b');
    expect(boxesOf(words, 1, 1)).toEqual([]);
  });
});
