import { defineMessages } from '../../i18n';

/**
 * Search (behaviour.md, "Search"): the toolbar control, the find bar and its results. `search.button` is the
 * contracts §5 control name; the count reads `<i> of <n>` (contracts §5).
 */
export const searchMessages = defineMessages({
  'search.button': {
    en: 'Search',
    'zh-CN': '搜索',
  },
  'search.region': {
    en: 'Find in document',
    'zh-CN': '在文档中查找',
  },
  'search.box': {
    en: 'Search text',
    'zh-CN': '搜索文本',
  },
  'search.placeholder': {
    en: 'Find in document',
    'zh-CN': '在文档中查找',
  },
  'search.next': {
    en: 'Next match',
    'zh-CN': '下一个匹配项',
  },
  'search.previous': {
    en: 'Previous match',
    'zh-CN': '上一个匹配项',
  },
  'search.close': {
    en: 'Close',
    'zh-CN': '关闭',
  },
  'search.matchCase': {
    en: 'Match case',
    'zh-CN': '区分大小写',
  },
  'search.wholeWords': {
    en: 'Whole words',
    'zh-CN': '全字匹配',
  },
  'search.count': {
    en: '{current} of {total}',
    'zh-CN': '第 {current} 个，共 {total} 个',
  },
  'search.countTotal': {
    en: '{total} found',
    'zh-CN': '找到 {total} 个',
  },
  'search.noMatches': {
    en: 'No matches',
    'zh-CN': '无匹配项',
  },
  'search.searching': {
    en: 'Searching…',
    'zh-CN': '正在搜索…',
  },
  'search.results': {
    en: 'Search results',
    'zh-CN': '搜索结果',
  },
  'search.progress': {
    en: 'Searching page {page} of {count}',
    'zh-CN': '正在搜索第 {page} 页，共 {count} 页',
  },
  'search.hits.one': {
    en: '1 match',
    'zh-CN': '1 个匹配项',
  },
  'search.hits.other': {
    en: '{count} matches',
    'zh-CN': '{count} 个匹配项',
  },
  'search.pages.one': {
    en: '1 page',
    'zh-CN': '1 页',
  },
  'search.pages.other': {
    en: '{count} pages',
    'zh-CN': '{count} 页',
  },
  'search.summary': {
    en: '{hits} on {pages}',
    'zh-CN': '{pages}中共 {hits}',
  },
  'search.truncated': {
    en: 'The list shows the first {shown}.',
    'zh-CN': '列表仅显示前 {shown} 个。',
  },
  'search.page': {
    en: 'p. {page}',
    'zh-CN': '第 {page} 页',
  },
});
