import type { ThemeConfig } from 'antd';

/**
 * antd's colours where its defaults are too light for text (WCAG 1.4.3, 4.5:1 on white; measured
 * by axe-core in browser-tests/a11y.test.ts, docs/decisions/2026-11-26-accessibility.md): white on
 * the primary blue was 4.1:1, the danger red 3.3:1, secondary and description text 3.4:1. Also
 * read at build time, where the reading chrome's antd stylesheet is made from it
 * (scripts/antd-styles-loader.ts).
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#1668dc',
    colorPrimaryActive: '#003eb3',
    colorError: '#cf1322',
    colorErrorHover: '#d9363e',
    colorErrorActive: '#a8071a',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  },
  components: {
    // antd's virtual list places rows it has not measured at fontHeight (22) + 2 × this; the
    // search results' rows are 32 px (Search.css). With the right estimate, scrolling to a far
    // match settles instead of giving up after ten passes.
    Listy: { itemPaddingBlock: 5 },
  },
};

/**
 * The theme the reading chrome's stylesheet is made with (scripts/antd-styles-loader.ts).
 * Unhashed: the sheet's selectors are antd's plain class names, the same whatever the build's
 * NODE_ENV.
 */
export const UNHASHED_THEME: ThemeConfig = { ...THEME, hashed: false };

/**
 * The reading chrome's: antd's styles taken from that stylesheet instead of being generated in
 * the browser as each component first renders (docs/decisions/2026-11-26-controls-sooner.md).
 */
export const STATIC_THEME: ThemeConfig = { ...UNHASHED_THEME, zeroRuntime: true };
