import { defineMessages } from '../../i18n';

/** The sheet view's own strings (docs/decisions/2026-12-06-sheet-view.md). */
export const sheetMessages = defineMessages({
  'sheet.toolbar': { en: 'Toolbar', 'zh-CN': '工具栏' },
  'sheet.grid': { en: 'Sheet {name}', 'zh-CN': '工作表 {name}' },
  'sheet.tabs': { en: 'Sheets', 'zh-CN': '工作表' },
  'sheet.search': { en: 'Search cells', 'zh-CN': '搜索单元格' },
  'sheet.searching': { en: 'Searching…', 'zh-CN': '正在搜索…' },
  'sheet.hits': { en: '{count} cells found', 'zh-CN': '找到 {count} 个单元格' },
  'sheet.hitsOne': { en: '1 cell found', 'zh-CN': '找到 1 个单元格' },
  'sheet.hitsCapped': { en: 'First {count} cells found', 'zh-CN': '前 {count} 个单元格' },
  'sheet.noHit': { en: 'No cell holds “{query}”.', 'zh-CN': '没有单元格包含“{query}”。' },
  'sheet.searchFailed': { en: 'The search failed.', 'zh-CN': '搜索失败。' },
  'sheet.hit': { en: '{sheet}!{cell}', 'zh-CN': '{sheet}!{cell}' },
  'sheet.previousHit': { en: 'Previous cell', 'zh-CN': '上一个' },
  'sheet.nextHit': { en: 'Next cell', 'zh-CN': '下一个' },
  'sheet.rows': { en: '{count} rows', 'zh-CN': '{count} 行' },
  'sheet.counting': { en: 'counting rows…', 'zh-CN': '正在统计行数…' },
  'sheet.cell': { en: 'Cell {cell}', 'zh-CN': '单元格 {cell}' },
  'sheet.loading': { en: 'Loading rows…', 'zh-CN': '正在加载行…' },
  'sheet.failed': { en: 'These rows could not be read.', 'zh-CN': '无法读取这些行。' },
  'sheet.unusable': {
    en: 'This workbook cannot be shown as a grid.',
    'zh-CN': '此工作簿无法以表格显示。',
  },
  'sheet.corner': { en: 'Select all', 'zh-CN': '全选' },
  'sheet.comment': { en: 'Comment', 'zh-CN': '批注' },
  'sheet.commentBy': { en: 'Comment by {author}: {text}', 'zh-CN': '{author} 的批注：{text}' },
  'sheet.commentText': { en: 'Comment: {text}', 'zh-CN': '批注：{text}' },
  'sheet.image': { en: 'Image', 'zh-CN': '图片' },
  'sheet.chart': { en: 'Chart', 'zh-CN': '图表' },
  'sheet.shape': { en: 'Shape', 'zh-CN': '形状' },
  'sheet.drawingAt': {
    en: '{kind} “{label}” over {range}',
    'zh-CN': '{kind}“{label}”，位于 {range}',
  },
  'sheet.drawingAtUnnamed': { en: '{kind} over {range}', 'zh-CN': '{kind}，位于 {range}' },
  'sheet.printMaking': {
    en: 'Making the pages to print…',
    'zh-CN': '正在生成打印页面…',
  },
});
