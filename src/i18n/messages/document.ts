import { defineMessages } from '../define';

/** Opening a document: empty state, loading, conversion progress, facility errors. */
export const documentMessages = defineMessages({
  'empty.title': {
    en: 'No document selected',
    'zh-CN': '未选择文档',
  },
  'empty.invalid': {
    en: 'This link does not name a valid document',
    'zh-CN': '此链接中的文档标识无效',
  },
  'empty.detail': {
    en: 'Open Folio from a link that names a document, for example ?doc=report.pdf.',
    'zh-CN': '请通过包含文档的链接打开 Folio，例如 ?doc=report.pdf。',
  },
  'doc.loading': {
    en: 'Loading document…',
    'zh-CN': '正在加载文档…',
  },
  'doc.converting': {
    en: 'Preparing the document: {loaded} / {total} pages',
    'zh-CN': '正在准备文档：{loaded} / {total} 页',
  },
  'doc.pages': {
    en: '{count} pages',
    'zh-CN': '共 {count} 页',
  },
  'error.notFound.title': {
    en: 'Document not found',
    'zh-CN': '未找到文档',
  },
  'error.notFound.detail': {
    en: 'The document “{id}” does not exist or is no longer available.',
    'zh-CN': '文档“{id}”不存在或已不可用。',
  },
  'error.facility.title': {
    en: 'The preview service failed',
    'zh-CN': '预览服务出错',
  },
  'error.facility.detail': {
    en: 'The preview service answered with an error ({status}). Try again in a moment.',
    'zh-CN': '预览服务返回了错误（{status}）。请稍后重试。',
  },
  'error.timeout.title': {
    en: 'The preview service did not answer',
    'zh-CN': '预览服务没有响应',
  },
  'error.timeout.detail': {
    en: 'The request took too long. Check your connection and try again.',
    'zh-CN': '请求超时。请检查网络后重试。',
  },
  'error.malformed.title': {
    en: 'The preview service sent something unreadable',
    'zh-CN': '预览服务返回了无法识别的内容',
  },
  'error.malformed.detail': {
    en: 'Its answer was not a document description Folio understands.',
    'zh-CN': '其响应不是 Folio 能理解的文档描述。',
  },
  'error.conversionFailed.title': {
    en: 'The document could not be converted',
    'zh-CN': '文档转换失败',
  },
  'error.conversionFailed.detail': {
    en: 'The preview service could not turn this file into pages. {reason}',
    'zh-CN': '预览服务无法将此文件转换为页面。{reason}',
  },
  'error.converterMissing.title': {
    en: 'This kind of file cannot be previewed here',
    'zh-CN': '此处无法预览这类文件',
  },
  'error.converterMissing.detail': {
    en: 'The preview service has no converter for office documents installed; PDF files still open. Please tell its administrator.',
    'zh-CN': '预览服务未安装办公文档转换器；PDF 文件仍可打开。请联系管理员。',
  },
  'error.sourceRefused.title': {
    en: 'The document store refused this viewer',
    'zh-CN': '文档库拒绝了本预览服务的访问',
  },
  'error.sourceRefused.detail': {
    en: 'The preview service is not allowed to read this document from where it is kept (status {status}). Please tell its administrator.',
    'zh-CN': '预览服务无权从文档所在位置读取此文档（状态 {status}）。请联系管理员。',
  },
  'error.sourceTimeout.title': {
    en: 'The document store took too long',
    'zh-CN': '文档库响应超时',
  },
  'error.sourceTimeout.detail': {
    en: 'The preview service waited too long for this document from where it is kept. Try again in a moment.',
    'zh-CN': '预览服务等待文档库返回此文档的时间过长。请稍后重试。',
  },
  'error.sourceUnavailable.title': {
    en: 'The document store cannot be reached',
    'zh-CN': '无法连接文档库',
  },
  'error.sourceUnavailable.detail': {
    en: 'The preview service could not read this document from where it is kept just now. Try again in a moment.',
    'zh-CN': '预览服务暂时无法从文档库读取此文档。请稍后重试。',
  },
  'doc.convertingStarted': {
    en: 'Preparing the document…',
    'zh-CN': '正在准备文档…',
  },
  'error.network.title': {
    en: 'No connection to the preview service',
    'zh-CN': '无法连接预览服务',
  },
  'error.network.detail': {
    en: 'Folio could not reach the preview service. Check your connection.',
    'zh-CN': 'Folio 无法访问预览服务。请检查网络连接。',
  },
  'error.tokenMissing.title': {
    en: 'This document needs a signed link',
    'zh-CN': '此文档需要签名链接',
  },
  'error.tokenMissing.detail': {
    en: 'Open it from the link the site that shares it gave you.',
    'zh-CN': '请通过分享此文档的网站所提供的链接打开。',
  },
  'error.tokenInvalid.title': {
    en: 'This link is not valid',
    'zh-CN': '此链接无效',
  },
  'error.tokenInvalid.detail': {
    en: 'The link is damaged or was not issued for this viewer. Ask for a new link.',
    'zh-CN': '链接已损坏，或并非为此查看器签发。请索取新的链接。',
  },
  'error.tokenExpired.title': {
    en: 'This link has expired',
    'zh-CN': '此链接已过期',
  },
  'error.tokenExpired.detail': {
    en: 'Links to this document work for a limited time. Ask for a new link.',
    'zh-CN': '此文档的链接仅在有限时间内有效。请索取新的链接。',
  },
  'error.passwordRequired.title': {
    en: 'This file is protected by a password',
    'zh-CN': '此文件受密码保护',
  },
  'error.passwordRequired.detail': {
    en: 'The file is encrypted. Enter its password to open it.',
    'zh-CN': '此文件已加密。请输入密码以打开。',
  },
  'error.passwordIncorrect.title': {
    en: 'This file is protected by a password',
    'zh-CN': '此文件受密码保护',
  },
  'error.passwordIncorrect.detail': {
    en: 'The password entered does not open it. Enter its password to open it.',
    'zh-CN': '输入的密码无法打开此文件。请输入正确的密码。',
  },
  'error.tokenOtherDocument.title': {
    en: 'This link is for another document',
    'zh-CN': '此链接对应的是另一份文档',
  },
  'error.tokenOtherDocument.detail': {
    en: 'The link does not open “{id}”. Ask for a link to this document.',
    'zh-CN': '此链接不能打开“{id}”。请索取此文档的链接。',
  },
  'link.expired.title': {
    en: 'This link has expired',
    'zh-CN': '此链接已过期',
  },
  'link.expired.detail': {
    en: 'What is on screen stays, and so do your signatures. Ask for a new link to load more.',
    'zh-CN': '屏幕上的内容和您放置的签名都会保留。如需继续加载，请索取新的链接。',
  },
});
