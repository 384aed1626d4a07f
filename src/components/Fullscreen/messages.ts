import { defineMessages } from '../../i18n';

/** Fullscreen. */
export const fullscreenMessages = defineMessages({
  'fullscreen.label': { en: 'Fullscreen', 'zh-CN': '全屏' },
  'fullscreen.exit': { en: 'Exit fullscreen', 'zh-CN': '退出全屏' },
});
