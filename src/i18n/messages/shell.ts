import { defineMessages } from '../define';

/** The app shell: chunk failures and crashes, common actions. */
export const shellMessages = defineMessages({
  'app.loading': { en: 'Loading', 'zh-CN': '加载中' },
  'app.name': {
    en: 'Folio',
    'zh-CN': 'Folio',
  },
  'chunk.title': {
    en: 'Part of Folio could not be loaded',
    'zh-CN': 'Folio 的部分内容未能加载',
  },
  'chunk.detail': {
    en: 'Chunk {chunk} failed to load ({reason}). Check your connection and try again.',
    'zh-CN': '代码块 {chunk} 加载失败（{reason}）。请检查网络后重试。',
  },
  'chunk.reason.timeout': {
    en: 'timed out',
    'zh-CN': '超时',
  },
  'chunk.reason.missing': {
    en: 'not found',
    'zh-CN': '未找到',
  },
  'chunk.reason.error': {
    en: 'network error',
    'zh-CN': '网络错误',
  },
  'crash.title': {
    en: 'Something went wrong',
    'zh-CN': '出错了',
  },
  'crash.detail': {
    en: 'Folio hit an unexpected error. Reloading usually helps.',
    'zh-CN': 'Folio 遇到意外错误，重新加载通常可以解决。',
  },
  'action.retry': {
    en: 'Retry',
    'zh-CN': '重试',
  },
  'action.reload': {
    en: 'Reload',
    'zh-CN': '重新加载',
  },
});
