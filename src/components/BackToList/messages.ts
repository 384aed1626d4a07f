import { defineMessages } from '../../i18n';

/** The way back from an archive's entry to its listing (docs/decisions/2026-12-06-listing-view.md). */
export const backMessages = defineMessages({
  'listing.back': {
    en: 'Back to list',
    'zh-CN': '返回列表',
  },
});
