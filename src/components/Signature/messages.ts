import { defineMessages } from '../../i18n';

/** Signatures (behaviour.md, "Signatures"). */
export const signMessages = defineMessages({
  'sign.label': { en: 'Sign', 'zh-CN': '签名' },
  'sign.pad.title': { en: 'Draw your signature', 'zh-CN': '手写签名' },
  'sign.pad.canvas': { en: 'Signature pad', 'zh-CN': '签名板' },
  'sign.pad.hint': {
    en: 'Sign with the mouse, a pen or your finger, or type your name below.',
    'zh-CN': '请用鼠标、手写笔或手指签名，或在下方输入您的姓名。',
  },
  'sign.pad.typed': { en: 'Or type your name', 'zh-CN': '或输入您的姓名' },
  'sign.clear': { en: 'Clear', 'zh-CN': '清除' },
  'sign.undo': { en: 'Undo', 'zh-CN': '撤销' },
  'sign.confirm': { en: 'Confirm', 'zh-CN': '确认' },
  'sign.cancel': { en: 'Cancel', 'zh-CN': '取消' },
  'sign.place.hint': {
    en: 'Click or tap on a page to place your signature. Esc cancels.',
    'zh-CN': '在页面上点击放置签名，按 Esc 取消。',
  },
  'sign.place.current': { en: 'Place on current page', 'zh-CN': '放在当前页' },
  'sign.bar': { en: 'Signatures', 'zh-CN': '签名' },
  'sign.item': {
    en: 'Signature {n} on page {page}. Arrow keys move it, + and − resize it, Delete removes it.',
    'zh-CN': '第 {page} 页上的签名 {n}。方向键移动，+ 和 − 调整大小，Delete 删除。',
  },
  'sign.remove': { en: 'Remove signature', 'zh-CN': '删除签名' },
  'sign.resize': { en: 'Resize signature', 'zh-CN': '调整签名大小' },
  'sign.finish': { en: 'Finish', 'zh-CN': '完成' },
  'sign.finished': { en: 'Signatures handed over', 'zh-CN': '签名已提交' },
  'sign.downloadSigned': { en: 'Download signed copy', 'zh-CN': '下载已签名副本' },
  'sign.exportFailed': {
    en: 'The signed copy could not be made from this PDF.',
    'zh-CN': '无法从此 PDF 生成已签名副本。',
  },
  'sign.clearAll': { en: 'Clear signatures', 'zh-CN': '清除所有签名' },
  'sign.clearAll.confirm': {
    en: 'Remove every signature from this document?',
    'zh-CN': '删除此文档上的所有签名？',
  },
  'sign.count': { en: '{count} placed', 'zh-CN': '已放置 {count} 个' },
});
