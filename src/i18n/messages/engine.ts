import { defineMessages } from '../define';

/** The page engine: opening the PDF, passwords, broken files and pages. */
export const engineMessages = defineMessages({
  'engine.pages': { en: 'Document pages', 'zh-CN': '文档页面' },
  'engine.opening': { en: 'Opening the document…', 'zh-CN': '正在打开文档…' },
  'engine.downloaded': {
    en: 'Downloaded {loaded} of {total}',
    'zh-CN': '已下载 {loaded} / {total}',
  },
  // pdf.js's names for the page regions and annotations (components/PdfView/viewerL10n.ts).
  'engine.pageLandmark': { en: 'Page {page}', 'zh-CN': '第 {page} 页' },
  'engine.annotationType': { en: '[{type} Annotation]', 'zh-CN': '[{type} 批注]' },
  'engine.pageError': {
    en: 'This page could not be displayed.',
    'zh-CN': '此页无法显示。',
  },
  'engine.invalid.title': {
    en: 'This file cannot be displayed',
    'zh-CN': '无法显示此文件',
  },
  'engine.invalid.detail': {
    en: 'It is damaged, incomplete or not a PDF document.',
    'zh-CN': '文件已损坏、不完整或不是 PDF 文档。',
  },
  'engine.unavailable.title': {
    en: 'The document could not be downloaded',
    'zh-CN': '无法下载文档',
  },
  'engine.unavailable.detail': {
    en: 'The preview service answered with an error ({status}). Try again in a moment.',
    'zh-CN': '预览服务返回了错误（{status}）。请稍后重试。',
  },
  'engine.network.title': {
    en: 'The download of the document was interrupted',
    'zh-CN': '文档下载中断',
  },
  'engine.network.detail': {
    en: 'Check your connection and try again.',
    'zh-CN': '请检查网络连接后重试。',
  },
  'engine.password.title': { en: 'Password required', 'zh-CN': '需要密码' },
  'engine.password.prompt': {
    en: 'This document is protected. Enter its password to open it.',
    'zh-CN': '此文档受密码保护。请输入密码以打开。',
  },
  'engine.password.incorrect': {
    en: 'That password is not correct. Try again.',
    'zh-CN': '密码不正确，请重试。',
  },
  'engine.password.label': { en: 'Password', 'zh-CN': '密码' },
  'engine.password.open': { en: 'Open', 'zh-CN': '打开' },
  'engine.password.cancel': { en: 'Cancel', 'zh-CN': '取消' },
  'engine.password.required': {
    en: 'This document needs a password to be shown.',
    'zh-CN': '需要密码才能显示此文档。',
  },
  'engine.password.enter': { en: 'Enter password', 'zh-CN': '输入密码' },
});
