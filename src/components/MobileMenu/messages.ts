import { defineMessages } from '../../i18n';

/** The phone layout (behaviour.md, "The phone and the shortcuts help"): `Menu` is a contracts §5 control name (a contract). */
export const mobileMessages = defineMessages({
  'mobile.menu': { en: 'Menu', 'zh-CN': '菜单' },
  'mobile.ball': { en: 'Quick menu', 'zh-CN': '快捷菜单' },
});
