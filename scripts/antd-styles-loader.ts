// A webpack loader: the reading chrome's antd stylesheet (src/components/antd-styles.css, an
// empty stand-in), made at build time by rendering antd's components with Folio's theme through
// antd's own style extraction. The chrome's components then render with `zeroRuntime` and
// generate no style in the browser (docs/decisions/2026-11-26-controls-sooner.md).
import { createRequire } from 'node:module';
import type { ReactElement } from 'react';
import type { LoaderContext } from 'webpack';
import { UNHASHED_THEME } from '../src/components/antdTheme.ts';

const require = createRequire(import.meta.url);

/**
 * antd's exports whose styles the sheet holds: every component a `zeroRuntime` tree uses, and
 * those they show inside them (Dropdown's Menu, Popconfirm's Popover, Form's Row and Col). A
 * unit test fails when the app's code imports an antd component missing here.
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
  // CommonJS, as @ant-design/static-style-extract loads them: one antd, whose ConfigProvider
  // reaches the components it renders.
  const { createElement } = require('react') as typeof import('react');
  const { ConfigProvider } = require('antd') as typeof import('antd');
  const { extractStyle } =
    require('@ant-design/static-style-extract') as typeof import('@ant-design/static-style-extract');
  return extractStyle({
    includes: STATIC_COMPONENTS,
    customTheme: (node: ReactElement) =>
      createElement(ConfigProvider, { theme: UNHASHED_THEME }, node),
  });
}

export default function antdStylesLoader(this: LoaderContext<unknown>): string {
  this.addDependency(require.resolve('antd/package.json'));
  this.addDependency(new URL('../src/components/antdTheme.ts', import.meta.url).pathname);
  return antdStyles();
}
