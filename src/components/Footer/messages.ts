import { defineMessages } from '../../i18n';

/** The footer's strings: the reading status under the pages. */
export const footerMessages = defineMessages({
  'footer.label': {
    en: 'Reading status',
    'zh-CN': '阅读状态',
  },
  'footer.pageLabel': {
    en: 'Page',
    'zh-CN': '页码',
  },
  'footer.zoomLabel': {
    en: 'Zoom',
    'zh-CN': '缩放',
  },
  'footer.converting': {
    en: 'Converting: {loaded} / {total} pages',
    'zh-CN': '正在转换：{loaded} / {total} 页',
  },
});
