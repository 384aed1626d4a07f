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
});
