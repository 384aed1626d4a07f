/**
 * Action types travel only through creators: a type written as a string compiles whatever its
 * spelling and, misspelt, does nothing. This scans the app's source (not the runtime, which
 * implements the rule, nor tests) for the types of every registered model written as strings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { models } from '..';

const SRC = path.join(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === '__tests__' || full === path.join(SRC, 'runtime')
        ? []
        : sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const keysOf = (model: (typeof models)[number]) => [
  ...Object.keys(model.reducers ?? {}),
  ...Object.keys(model.effects ?? {}),
];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\@]/g, '\\$&');

/** A quoted `ns/key`, a `type: 'key'` of a model's own key, or a string given to take/put/dispatch. */
function offences(source: string): string[] {
  const typed = models.flatMap((model) =>
    keysOf(model).map((key) => escape(`${model.namespace}/${key}`)),
  );
  const bare = [...new Set(models.flatMap(keysOf))].map(escape);
  const patterns = [
    new RegExp(`(['"\`])(${typed.join('|')})\\1`, 'g'),
    new RegExp(`\\btype:\\s*(['"\`])(${bare.join('|')})\\1`, 'g'),
    // Not a method of another object (pdf.js's eventBus.dispatch('find') is no action).
    /(?<![.\w])(take|put|dispatch)\(\s*['"`]/g,
  ];
  return source
    .split('\n')
    .flatMap((line, index) =>
      patterns.some((pattern) => line.match(pattern))
        ? [`${String(index + 1)}: ${line.trim()}`]
        : [],
    );
}

describe('no action-type string outside the runtime and tests', () => {
  it('finds the strings it looks for (the scan can fail)', () => {
    expect(offences("useAppSelector((s) => s.loading.effects['doc/fetch'])")).toHaveLength(1);
    expect(offences("void dispatch({ type: 'fetch', payload: id });")).toHaveLength(1);
    expect(offences("yield* take('cancel');")).toHaveLength(1);
    expect(offences("new Worker(url, { type: 'module' })")).toHaveLength(0);
    expect(offences("eventBus.dispatch('find', {})")).toHaveLength(0);
  });

  it('the app source has none', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      offences(readFileSync(file, 'utf8')).map((hit) => `${path.relative(SRC, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
