/**
 * One shape for every model (docs/architecture.md, "Where things go"): a model is a folder of the
 * same files, those it needs, and components never reach into a page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '../..');
const MODELS = path.join(SRC, 'models');
const SHAPE = new Set([
  'index.ts',
  'actions.ts',
  'state.ts',
  'reducers.ts',
  'effects.ts',
  'subscriptions.ts',
  'selectors.ts',
  '__tests__',
]);
/** The viewer model's own: the pdf.js events it takes, by name (the one place a new one goes). */
const VIEWER_ONLY = ['pdfjsEvents.ts'];
/**
 * A model that holds several concerns (the doc model: docs/architecture.md, "Where things go")
 * keeps each in a folder of the shape's parts; the model's own files merge them.
 */
const CONCERN = new Set([
  'reducers.ts',
  'effects.ts',
  'subscriptions.ts',
  'selectors.ts',
  '__tests__',
]);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

describe('the model shape', () => {
  const folders = readdirSync(MODELS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !['__tests__', 'shared'].includes(entry.name))
    .map((entry) => entry.name);

  it('finds the models', () => {
    expect(folders).toEqual(expect.arrayContaining(['doc', 'print', 'search', 'sign', 'host']));
  });

  it.each(folders)(
    '%s holds only the shape’s files, with an index, and its actions beside its reducers',
    (folder) => {
      const entries = readdirSync(path.join(MODELS, folder), { withFileTypes: true });
      const names = entries.map((entry) => entry.name);
      const shape = folder === 'viewer' ? new Set([...SHAPE, ...VIEWER_ONLY]) : SHAPE;
      const concerns = entries.filter((entry) => entry.isDirectory() && !shape.has(entry.name));
      expect(
        names.filter((name) => !shape.has(name) && !concerns.some((c) => c.name === name)),
      ).toEqual([]);
      for (const concern of concerns) {
        const parts = readdirSync(path.join(MODELS, folder, concern.name));
        expect(parts.filter((name) => !CONCERN.has(name))).toEqual([]);
        expect(parts.some((name) => name !== '__tests__')).toBe(true);
      }
      expect(names).toContain('index.ts');
      if (names.includes('reducers.ts')) expect(names).toContain('actions.ts');
    },
  );

  it.each(folders)('%s makes its creators in actions.ts alone', (folder) => {
    const offenders = files(path.join(MODELS, folder))
      .filter((file) => !file.includes('__tests__') && !file.endsWith('actions.ts'))
      .filter((file) => /\b(reducerActions|modelActions)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('src/models/ holds only the list, model folders, shared/ and tests', () => {
    const loose = readdirSync(MODELS, { withFileTypes: true }).filter(
      (entry) => entry.isFile() && entry.name !== 'index.ts',
    );
    expect(loose.map((entry) => entry.name)).toEqual([]);
  });
});

describe('components', () => {
  it('never import from src/pages/', () => {
    const offenders = files(path.join(SRC, 'components'))
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => /from '[./]*\/pages\//.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
