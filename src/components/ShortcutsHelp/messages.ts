import { defineMessages } from '../../i18n';

/** The keyboard shortcuts help (`?`): its title, its button and one line per shortcut. */
export const shortcutsMessages = defineMessages({
  'shortcuts.title': { en: 'Keyboard shortcuts', 'zh-CN': '键盘快捷键' },
  'shortcuts.keys': { en: 'Keys', 'zh-CN': '按键' },
  'shortcuts.action': { en: 'Action', 'zh-CN': '操作' },
  'shortcuts.or': { en: 'or', 'zh-CN': '或' },
  'shortcuts.previousPage': { en: 'Previous page', 'zh-CN': '上一页' },
  'shortcuts.nextPage': { en: 'Next page', 'zh-CN': '下一页' },
  'shortcuts.firstPage': { en: 'First page', 'zh-CN': '第一页' },
  'shortcuts.lastPage': { en: 'Last page', 'zh-CN': '最后一页' },
  'shortcuts.zoomIn': { en: 'Zoom in', 'zh-CN': '放大' },
  'shortcuts.zoomOut': { en: 'Zoom out', 'zh-CN': '缩小' },
  'shortcuts.zoomReset': { en: 'Zoom to 100%', 'zh-CN': '缩放至 100%' },
  'shortcuts.search': { en: 'Search', 'zh-CN': '搜索' },
  'shortcuts.findNext': { en: 'Next match', 'zh-CN': '下一个匹配项' },
  'shortcuts.findPrevious': { en: 'Previous match', 'zh-CN': '上一个匹配项' },
  'shortcuts.download': { en: 'Download', 'zh-CN': '下载' },
  'shortcuts.print': { en: 'Print', 'zh-CN': '打印' },
  'shortcuts.close': { en: 'Close the search, menu or dialog', 'zh-CN': '关闭搜索、菜单或对话框' },
  'shortcuts.help': { en: 'This help', 'zh-CN': '本帮助' },
});
