import { defineMessages } from '../../i18n';

/**
 * The side panels' names, on their toggles and their regions: `Thumbnails` and `Outline` are
 * contracts §5 control names (a contract).
 */
export const panelsMessages = defineMessages({
  'panels.thumbnails': {
    en: 'Thumbnails',
    'zh-CN': '缩略图',
  },
  'panels.outline': {
    en: 'Outline',
    'zh-CN': '目录',
  },
});
