import { defineMessages } from '../define';

/**
 * The toolbar's strings: the viewer's bar (components/HeaderBar, the footer) and the boot bar's
 * page controls before the app (boot/stage/pageControls.ts) read them. The English names of the
 * controls are a contract (contracts §5): browser tests and host automation find them by these
 * names.
 */
export const toolbarMessages = defineMessages({
  'toolbar.label': {
    en: 'Toolbar',
    'zh-CN': '工具栏',
  },
  'toolbar.previousPage': {
    en: 'Previous page',
    'zh-CN': '上一页',
  },
  'toolbar.nextPage': {
    en: 'Next page',
    'zh-CN': '下一页',
  },
  'toolbar.pageNumber': {
    en: 'Page number',
    'zh-CN': '页码',
  },
  'toolbar.pageOfCount': {
    en: '{current} / {count}',
    'zh-CN': '{current} / {count}',
  },
  'toolbar.zoomOut': {
    en: 'Zoom out',
    'zh-CN': '缩小',
  },
  'toolbar.zoomIn': {
    en: 'Zoom in',
    'zh-CN': '放大',
  },
  /** Starts with what the button shows' name and ends with what it shows (label in name). */
  'toolbar.zoom': {
    en: 'Zoom {percent}%',
    'zh-CN': '缩放 {percent}%',
  },
  'toolbar.zoomValue': {
    en: '{percent}%',
    'zh-CN': '{percent}%',
  },
  'toolbar.zoomPercentage': {
    en: 'Zoom percentage',
    'zh-CN': '缩放百分比',
  },
  'toolbar.rotateCounterclockwise': {
    en: 'Rotate counterclockwise',
    'zh-CN': '逆时针旋转',
  },
  'toolbar.rotateClockwise': {
    en: 'Rotate clockwise',
    'zh-CN': '顺时针旋转',
  },
});
