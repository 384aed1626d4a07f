import { defineMessages } from '../../i18n';

/** The listing view's own strings (docs/decisions/2026-12-06-listing-view.md). */
export const listingMessages = defineMessages({
  'listing.toolbar': { en: 'Toolbar', 'zh-CN': '工具栏' },
  'listing.archiveTree': { en: 'Contents of {title}', 'zh-CN': '{title} 的内容' },
  'listing.attachmentsTree': { en: 'Attachments', 'zh-CN': '附件' },
  'listing.attachments': { en: 'Attachments', 'zh-CN': '附件' },
  'listing.search': { en: 'Search by name', 'zh-CN': '按名称搜索' },
  'listing.count': { en: '{count} entries', 'zh-CN': '共 {count} 项' },
  'listing.countOne': { en: '1 entry', 'zh-CN': '共 1 项' },
  'listing.matches': { en: '{shown} of {count} entries', 'zh-CN': '{shown} / {count} 项' },
  'listing.empty': { en: 'Nothing inside.', 'zh-CN': '没有内容。' },
  'listing.noAttachments': { en: 'No attachments.', 'zh-CN': '没有附件。' },
  'listing.noMatch': {
    en: 'No entry’s name holds “{query}”.',
    'zh-CN': '没有名称包含“{query}”的条目。',
  },
  'listing.truncated': {
    en: 'Only the first {count} entries are listed.',
    'zh-CN': '仅列出前 {count} 项。',
  },
  'listing.name': { en: 'Name', 'zh-CN': '名称' },
  'listing.size': { en: 'Size', 'zh-CN': '大小' },
  'listing.modified': { en: 'Modified', 'zh-CN': '修改时间' },
  'listing.folderItems': { en: '{count} items', 'zh-CN': '{count} 项' },
  'listing.folderItemsOne': { en: '1 item', 'zh-CN': '1 项' },
  'listing.cannotOpen': { en: 'no preview', 'zh-CN': '无法预览' },
  'listing.encrypted': { en: 'encrypted', 'zh-CN': '已加密' },
  'listing.open': { en: 'Open {name}', 'zh-CN': '打开 {name}' },
  'email.from': { en: 'From', 'zh-CN': '发件人' },
  'email.to': { en: 'To', 'zh-CN': '收件人' },
  'email.cc': { en: 'Cc', 'zh-CN': '抄送' },
  'email.date': { en: 'Date', 'zh-CN': '日期' },
  'email.subject': { en: 'Subject', 'zh-CN': '主题' },
  'email.noSubject': { en: '(no subject)', 'zh-CN': '（无主题）' },
  'email.body': { en: 'Message', 'zh-CN': '邮件正文' },
  'email.message': { en: 'E-mail message', 'zh-CN': '电子邮件' },
});
