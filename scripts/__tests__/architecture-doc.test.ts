/**
 * docs/architecture.md stays true to the tree: every path it names exists, every folder of `src/`,
 * `facility/` and `server/` is in it, and every model has its row in the models table.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const DOC = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
const TOP = ['src', 'facility', 'server', 'config', 'bench', 'browser-tests', 'scripts'];
const TOP_EXTRA = ['examples', 'mock', 'docs'];

/** Backticked repository paths: `src/url/`, `facility/queue/queue.ts`, `server/routes/`. */
function namedPaths(text: string): string[] {
  const found = new Set<string>();
  const roots = [...TOP, ...TOP_EXTRA].join('|');
  const pattern = new RegExp(`\`((?:${roots})/[\\w./-]*)\``, 'g');
  for (const [, named = ''] of text.matchAll(pattern)) {
    // `src/models/<namespace>/` and the like are shapes, not paths.
    if (!named.includes('<')) found.add(named);
  }
  return [...found];
}

function folders(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== '__tests__')
    .map((entry) => `${dir}/${entry.name}/`);
}

describe('docs/architecture.md', () => {
  it('names paths (the scan can fail)', () => {
    expect(namedPaths('see `src/url/` and `facility/queue/queue.ts`, not `src/<x>/`')).toEqual([
      'src/url/',
      'facility/queue/queue.ts',
    ]);
    expect(namedPaths(DOC).length).toBeGreaterThan(20);
  });

  it('names only paths that exist', () => {
    const missing = namedPaths(DOC).filter((named) => !existsSync(path.join(ROOT, named)));
    expect(missing).toEqual([]);
  });

  it('names every folder of src/, facility/ and server/', () => {
    const all = [...folders('src'), ...folders('facility'), ...folders('server')];
    expect(all.length).toBeGreaterThan(10);
    const unnamed = all.filter((folder) => !DOC.includes(`\`${folder}`));
    expect(unnamed).toEqual([]);
  });

  it('has a row for every model in the models table', () => {
    const models = readdirSync(path.join(ROOT, 'src/models'), { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() &&
          existsSync(path.join(ROOT, 'src/models', entry.name, 'reducers.ts')),
      )
      .map((entry) => entry.name);
    expect(models).toContain('doc');
    const missing = models.filter((model) => !new RegExp(`^\\| \`${model}\` +\\|`, 'm').test(DOC));
    expect(missing).toEqual([]);
  });
});
