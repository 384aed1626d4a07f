import { defineMessages } from '../../i18n';

/** The media view's own strings (docs/decisions/2026-12-06-media-view.md). */
export const mediaMessages = defineMessages({
  'media.toolbar': { en: 'Toolbar', 'zh-CN': '工具栏' },
  'media.video': { en: 'Video: {title}', 'zh-CN': '视频：{title}' },
  'media.audio': { en: 'Audio: {title}', 'zh-CN': '音频：{title}' },
  'media.captions': { en: 'Captions', 'zh-CN': '字幕' },
  'media.keys': {
    en: 'Space plays or pauses; ← and → go back or forward 5 seconds.',
    'zh-CN': '空格键播放或暂停；← 和 → 后退或前进 5 秒。',
  },
  'media.cannotPlay': {
    en: 'This browser cannot play this file.',
    'zh-CN': '此浏览器无法播放该文件。',
  },
});
