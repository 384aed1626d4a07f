import { defineMessages } from '../../i18n';

/** Print (behaviour.md, "The facility's policy"): the `Print` control (a contracts §5 contract name), its dialog and print media. */
export const printMessages = defineMessages({
  'print.print': { en: 'Print', 'zh-CN': '打印' },
  'print.dialogTitle': { en: 'Print', 'zh-CN': '打印' },
  'print.pages': { en: 'Pages', 'zh-CN': '页面' },
  'print.all': { en: 'All pages ({count})', 'zh-CN': '全部页面（{count} 页）' },
  'print.current': { en: 'Current page ({page})', 'zh-CN': '当前页（第 {page} 页）' },
  'print.range': { en: 'Pages:', 'zh-CN': '页码范围：' },
  'print.rangeLabel': { en: 'Page range', 'zh-CN': '页码范围' },
  'print.rangePlaceholder': { en: 'e.g. 1-3, 5', 'zh-CN': '例如 1-3, 5' },
  'print.error.empty': {
    en: 'Enter the pages to print, e.g. 1-3, 5.',
    'zh-CN': '请输入要打印的页码，例如 1-3, 5。',
  },
  'print.error.syntax': {
    en: '“{part}” is not a page or a range of pages (e.g. 1-3, 5).',
    'zh-CN': '“{part}”不是页码或页码范围（例如 1-3, 5）。',
  },
  'print.error.zero': {
    en: 'Pages are numbered from 1.',
    'zh-CN': '页码从 1 开始。',
  },
  'print.error.reversed': {
    en: '“{part}” runs backwards: write the first page first.',
    'zh-CN': '“{part}”的顺序颠倒了：请先写起始页。',
  },
  'print.error.pastEnd': {
    en: 'Page {page} is past the end: this document has {count} pages.',
    'zh-CN': '第 {page} 页超出范围：本文档共 {count} 页。',
  },
  'print.preparing': {
    en: 'Preparing pages for printing…',
    'zh-CN': '正在准备打印页面…',
  },
  'print.progress': { en: '{done} / {total}', 'zh-CN': '{done} / {total}' },
  'print.failedPage': {
    en: 'Page {page} could not be prepared for printing. Nothing was printed.',
    'zh-CN': '第 {page} 页无法准备打印，未打印任何内容。',
  },
  'print.failed': {
    en: 'The pages could not be handed to the printer. Please try again.',
    'zh-CN': '无法将页面交给打印机，请重试。',
  },
  'print.ok': { en: 'Print', 'zh-CN': '打印' },
  'print.cancel': { en: 'Cancel', 'zh-CN': '取消' },
  'print.notAllowed': {
    en: 'Printing is not allowed for this document.',
    'zh-CN': '此文档不允许打印。',
  },
  'print.useButton': {
    en: 'To print this document, use the Print button in the viewer.',
    'zh-CN': '如需打印此文档，请使用查看器中的“打印”按钮。',
  },
});
