import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { STATIC_COMPONENTS, antdStyles } from '../antd-styles-loader';

const SRC = path.join(__dirname, '../../src');

/** Every value imported from 'antd' by the app's code (tests aside). */
function antdImports(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__' && entry.name !== 'test') walk(file);
      } else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(file, 'utf8');
        for (const [, list] of source.matchAll(/import\s+\{([^}]*)\}\s+from\s+'antd'/g)) {
          for (const item of list.split(',')) {
            const name = item.trim().split(/\s+as\s+/)[0];
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  walk(SRC);
  return names;
}

describe('the reading chrome’s antd stylesheet', () => {
  it('covers every antd component the app imports', () => {
    const imported = antdImports();
    // Not components with styles of their own in the chrome: the provider and the theme API,
    // and the watermark, drawn before the chrome (docs/decisions/2026-11-26-controls-sooner.md).
    const unstyled = new Set(['ConfigProvider', 'theme', 'Watermark']);
    expect(imported.has('Button')).toBe(true);
    const missing = [...imported].filter(
      (name) => !unstyled.has(name) && !STATIC_COMPONENTS.includes(name),
    );
    expect(missing).toEqual([]);
  });

  it('holds their styles, unhashed, under Folio’s theme', () => {
    const css = antdStyles();
    for (const cls of [
      'ant-btn',
      'ant-modal',
      'ant-drawer',
      'ant-dropdown',
      'ant-menu',
      'ant-tooltip',
      'ant-tree',
      'ant-input',
      'ant-message',
      'ant-notification',
      'ant-popover',
      'ant-form-item',
    ]) {
      expect(css).toContain(`.${cls}{`);
    }
    expect(css).not.toContain(':where(.css-');
    // The theme's primary colour (antdTheme.ts), not antd's default #1677ff.
    expect(css).toContain('--ant-color-primary:#0958d9');
  });
});
