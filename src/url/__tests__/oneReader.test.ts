/** The URL's query is parsed in one module: a second parser drifts (a trim here, a decode there). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '../..');
const URL_DIR = path.join(SRC, 'url');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === '__tests__' || full === URL_DIR ? [] : sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const QUERY_PARSING = /new URLSearchParams\(|useSearchParams\(|\.get\(\s*'(doc|lang)'\s*\)/;

const URL_LISTENING = /'hashchange'|'popstate'|history\.listen\(|location\.hash\b/;

/** The window's location, read or driven (other windows' `tab.location` are theirs). */
const WINDOW_LOCATION =
  /(?<![\w.])(window\.)?location\.(href|search|pathname|hash|reload)\b|readLink\(window\.location\)|\bBrowserRouter\b/;

describe('one URL reader', () => {
  it('the pattern finds a query parser (the scan can fail)', () => {
    expect(QUERY_PARSING.test("new URLSearchParams(location.search).get('doc')")).toBe(true);
    expect(QUERY_PARSING.test('const [params] = useSearchParams();')).toBe(true);
    expect(QUERY_PARSING.test('docIdFromSearch(location.search)')).toBe(false);
  });

  it('nothing outside src/url parses the query', () => {
    const found = sourceFiles(SRC).filter((file) => QUERY_PARSING.test(readFileSync(file, 'utf8')));
    expect(found.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('the listener pattern finds a listener (the scan can fail)', () => {
    expect(URL_LISTENING.test("window.addEventListener('hashchange', f)")).toBe(true);
    expect(URL_LISTENING.test('return history.listen(follow);')).toBe(true);
    expect(URL_LISTENING.test('parseHash(window.location.hash)')).toBe(true);
    expect(URL_LISTENING.test('followLink(history, onLink)')).toBe(false);
  });

  it('nothing outside src/url listens to the URL or reads its hash (the runtime hands history on)', () => {
    const found = sourceFiles(SRC)
      .filter((file) => !file.startsWith(path.join(SRC, 'runtime')))
      .filter((file) => URL_LISTENING.test(readFileSync(file, 'utf8')));
    expect(found.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('the location pattern finds a reader (the scan can fail)', () => {
    expect(WINDOW_LOCATION.test('pickLocale(window.location.search)')).toBe(true);
    expect(WINDOW_LOCATION.test('new URL(x, location.href)')).toBe(true);
    expect(WINDOW_LOCATION.test('window.location.reload();')).toBe(true);
    expect(WINDOW_LOCATION.test('<BrowserRouter basename={b}>')).toBe(true);
    expect(WINDOW_LOCATION.test('tab.location.href = objectUrl;')).toBe(false);
    expect(WINDOW_LOCATION.test('pageLocation().search')).toBe(false);
  });

  it('nothing outside src/url reads the window’s location or keeps a second history', () => {
    const found = sourceFiles(SRC).filter((file) =>
      WINDOW_LOCATION.test(readFileSync(file, 'utf8')),
    );
    expect(found.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
