import { defineMessages } from '../../i18n';

/**
 * The facility's policy controls (behaviour.md, "The facility's policy"): download and open in a new tab. `Download` is a
 * contracts §5 contract name.
 */
export const policyMessages = defineMessages({
  'policy.download': {
    en: 'Download',
    'zh-CN': '下载',
  },
  'policy.openInNewTab': {
    en: 'Open in new tab',
    'zh-CN': '在新标签页中打开',
  },
  'policy.downloadFailed': {
    en: 'The download failed (HTTP {status}). Please try again.',
    'zh-CN': '下载失败（HTTP {status}），请重试。',
  },
  'policy.downloadUnreachable': {
    en: 'The download failed: the file could not be reached. Please try again.',
    'zh-CN': '下载失败：无法获取文件，请重试。',
  },
});
