// A webpack loader: the reading chrome's antd stylesheet (src/components/antd-styles.css, an
// empty stand-in), made at build time by rendering antd's components with Folio's theme through
// antd's own style extraction. The chrome's components then render with `zeroRuntime` and
// generate no style in the browser (docs/decisions/2026-11-26-controls-sooner.md).
import path from 'node:path';
import { createElement } from 'react';
import type { ReactElement } from 'react';
// antd's CommonJS build, the one @ant-design/static-style-extract renders: its ConfigProvider
// must be the very one its components read.
import { ConfigProvider } from 'antd';
import { extractStyle } from '@ant-design/static-style-extract';
import type { LoaderContext } from 'webpack';
import { UNHASHED_THEME } from '../src/components/antdTheme.ts';

/**
 * antd's exports whose styles the sheet holds: every component the app's code uses (a unit test
 * holds this list to the imports), and those they show inside them (Dropdown's Menu,
 * Popconfirm's Popover, Form's Row and Col).
 */
export const STATIC_COMPONENTS = [
  'Alert',
  'App',
  'Button',
  'Checkbox',
  'Col',
  'Drawer',
  'Dropdown',
  'Empty',
  'FloatButton',
  'Form',
  'Input',
  'Listy',
  'Menu',
  'Modal',
  'Popconfirm',
  'Popover',
  'Progress',
  'Radio',
  'Result',
  'Row',
  'Space',
  'Spin',
  'Tooltip',
  'Tree',
  'Typography',
  'message',
  'notification',
];

/** The stylesheet's text: antd's styles of STATIC_COMPONENTS under UNHASHED_THEME. */
export function antdStyles(): string {
  return extractStyle({
    includes: STATIC_COMPONENTS,
    customTheme: (node: ReactElement) =>
      createElement(ConfigProvider, { theme: UNHASHED_THEME }, node),
  });
}

export default function antdStylesLoader(this: LoaderContext<unknown>): string {
  // Made again when antd or the theme changes (`npm start` watches them).
  this.addDependency(path.join(this.rootContext, 'node_modules/antd/package.json'));
  this.addDependency(path.join(this.rootContext, 'src/components/antdTheme.ts'));
  return antdStyles();
}
