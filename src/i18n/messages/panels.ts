import { defineMessages } from './define';

/**
 * The side panels: thumbnails and outline. `Thumbnails` and `Outline` are contracts §5 control
 * names (a contract); `Page {page}` names each thumbnail.
 */
export const panelsMessages = defineMessages({
  'panels.thumbnails': {
    en: 'Thumbnails',
    'zh-CN': '缩略图',
  },
  'panels.outline': {
    en: 'Outline',
    'zh-CN': '目录',
  },
  'panels.thumbnailPage': {
    en: 'Page {page}',
    'zh-CN': '第 {page} 页',
  },
  'panels.thumbnailFailed': {
    en: 'Page {page} could not be previewed',
    'zh-CN': '第 {page} 页无法预览',
  },
  'panels.outlineLoading': {
    en: 'Reading the outline…',
    'zh-CN': '正在读取目录…',
  },
  'panels.outlineEmpty': {
    en: 'This document has no outline.',
    'zh-CN': '此文档没有目录。',
  },
  'panels.outlineUntitled': {
    en: 'Untitled',
    'zh-CN': '无标题',
  },
  'panels.outlineUnavailable': {
    en: 'No outline: the document could not be opened.',
    'zh-CN': '无目录：文档无法打开。',
  },
  'panels.outlineFailed': {
    en: 'The outline could not be read.',
    'zh-CN': '无法读取目录。',
  },
});
