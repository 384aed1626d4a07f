import { defineMessages } from '../../i18n';

/** The outline's states; its region's name is the side panel's (SidePanel/messages.ts). */
export const outlineMessages = defineMessages({
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
