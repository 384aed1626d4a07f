/**
 * The bars above and below the pages, in CSS pixels: the heights TitleHeader, HeaderBar and Footer
 * take with antd's default theme. The placeholders that stand in for them (ChromePlaceholder.tsx)
 * and the first frame (plan.ts) are laid out with these, so the pages never move. They live here,
 * not with the page, so that the first frame imports nothing from pages/.
 */
import type { DocParam } from '../../domain/document';

export const BAR_HEIGHTS = {
  titleHeader: 41,
  headerBar: 41,
  /** On a narrow screen the toolbar gives the document's title a row of its own. */
  headerBarWithTitleRow: 71,
  footer: 28,
} as const;

type BarParam = Pick<DocParam, 'showHeader' | 'showHeaderBar' | 'showFooter'>;

/** The toolbar's height, or 0 when `showHeaderBar` hides it. */
export function headerBarHeight(param: BarParam, narrow: boolean, title: string): number {
  if (!param.showHeaderBar) return 0;
  return narrow && title !== '' ? BAR_HEIGHTS.headerBarWithTitleRow : BAR_HEIGHTS.headerBar;
}

/** Everything above the pages. */
export function barsAbove(param: BarParam, narrow: boolean, title: string): number {
  return (param.showHeader ? BAR_HEIGHTS.titleHeader : 0) + headerBarHeight(param, narrow, title);
}

/** Everything below the pages. */
export function barsBelow(param: BarParam): number {
  return param.showFooter ? BAR_HEIGHTS.footer : 0;
}
