import { defineMessages } from '../../i18n';

/** The thumbnails' strings: `Page {page}` names each thumbnail. */
export const thumbnailMessages = defineMessages({
  'panels.thumbnailPage': {
    en: 'Page {page}',
    'zh-CN': '第 {page} 页',
  },
  'panels.thumbnailFailed': {
    en: 'Page {page} could not be previewed',
    'zh-CN': '第 {page} 页无法预览',
  },
});
