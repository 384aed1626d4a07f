/**
 * E-mails as listings (docs/server.md, "Archives and e-mail"): `.eml` read with `postal-mime`,
 * Outlook's `.msg` with `@kenjiuno/msgreader` (docs/decisions/2026-12-06-archives-and-mail.md).
 * The message's header fields and bodies (the HTML one sanitised, mail-html.ts) ride with the
 * listing; its attachments are its entries, each opening as a document, as an archive's do.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { decompressRTF } from '@kenjiuno/decompressrtf';
import * as msgreader from '@kenjiuno/msgreader';
import type { FieldsData } from '@kenjiuno/msgreader';
import PostalMime from 'postal-mime';
import type { Address, Attachment } from 'postal-mime';
import { sanitizeMailHtml } from './mail-html.ts';
import type { InlineImages } from './mail-html.ts';
import { ArchiveError, checkEntrySize, checkListing, shownPath } from './listing.ts';
import type { ArchiveLimits, ListedEntry, Lister, Listing, MailMessage } from './listing.ts';

/** Bytes of inline images an HTML body may carry as data: URLs. */
export const MAX_INLINE_IMAGE_BYTES = 8 * 1024 * 1024;
/** The entry a `.msg`'s RTF body is listed as. */
const RTF_BODY = 'message.rtf';
/** Characters of a body kept (the rest of a huge text body is cut). */
const MAX_BODY_CHARS = 2_000_000;

// Node reads this CommonJS module's exports as its default export; jest's CommonJS as the module.
const MsgReader =
  (msgreader.default as unknown as { default?: typeof msgreader.default }).default ??
  msgreader.default;

async function readMail(file: string, limits: ArchiveLimits): Promise<Buffer> {
  const { size } = await stat(file);
  if (size > limits.maxEntryBytes) {
    throw new ArchiveError(
      'too_large',
      `the message is ${String(size)} bytes; the cap on one entry's bytes is ${String(limits.maxEntryBytes)}`,
    );
  }
  return readFile(file);
}

function addresses(list: Address[] | undefined): string[] {
  return (list ?? []).flatMap((address) =>
    address.group === undefined
      ? [address.name ? `${address.name} <${address.address}>` : address.address]
      : address.group.map((member) =>
          member.name ? `${member.name} <${member.address}>` : member.address,
        ),
  );
}

function bytesOf(content: Attachment['content']): Buffer {
  return typeof content === 'string'
    ? Buffer.from(content, 'utf8')
    : Buffer.from(content as ArrayBuffer);
}

function isoDate(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function cut(text: string | undefined): string | undefined {
  return text === undefined ? undefined : text.slice(0, MAX_BODY_CHARS);
}

/** An attachment's name as an entry's path: its file name, else one made from its index. */
function attachmentName(name: string | null | undefined, index: number): string {
  return shownPath(name ?? '').replaceAll('/', '_') || `attachment-${String(index)}`;
}

/** A message forwarded as an attachment opens as an e-mail of its own: its name ends in `.eml`. */
function forwarded(part: Attachment, name: string): string {
  return part.mimeType === 'message/rfc822' && !name.toLowerCase().endsWith('.eml')
    ? `${name}.eml`
    : name;
}

function asListingError(error: unknown, what: string): ArchiveError {
  if (error instanceof ArchiveError) return error;
  return new ArchiveError(
    'bad_archive',
    `not a readable ${what}: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/** The attachments an `.eml` lists: every part with a file's disposition or name, not inline images the body shows. */
function emlAttachments(attachments: Attachment[]): Attachment[] {
  return attachments.filter(
    (part) =>
      !(part.related === true && part.contentId !== undefined && part.disposition !== 'attachment'),
  );
}

async function parseEml(file: string, limits: ArchiveLimits) {
  try {
    return await PostalMime.parse(await readMail(file, limits), {
      attachmentEncoding: 'arraybuffer',
    });
  } catch (error) {
    throw asListingError(error, 'e-mail');
  }
}

export const eml: Lister = {
  async list(file, limits) {
    const mail = await parseEml(file, limits);
    const inline: InlineImages = new Map();
    for (const part of mail.attachments) {
      if (part.contentId === undefined || !part.mimeType.startsWith('image/')) continue;
      inline.set(
        part.contentId.replace(/^<|>$/g, ''),
        `data:${part.mimeType};base64,${bytesOf(part.content).toString('base64')}`,
      );
    }
    const entries: ListedEntry[] = [];
    mail.attachments.forEach((part, at) => {
      if (!emlAttachments([part]).length) return;
      entries.push({
        index: at + 1,
        path: forwarded(part, attachmentName(part.filename, at + 1)),
        size: bytesOf(part.content).length,
        type: 'file',
      });
    });
    checkListing(entries, limits);
    const date = isoDate(mail.date);
    const message: MailMessage = {
      from: addresses(mail.from === undefined ? undefined : [mail.from]).join(', '),
      to: addresses(mail.to),
      cc: addresses(mail.cc),
      ...(date !== undefined && { date }),
      subject: mail.subject ?? '',
      ...(mail.text !== undefined && { text: cut(mail.text) }),
      ...(mail.html !== undefined && {
        html: sanitizeMailHtml(cut(mail.html) ?? '', inline, MAX_INLINE_IMAGE_BYTES),
      }),
    };
    return { entries, message };
  },

  async extract(file, entry, dest, limits) {
    const mail = await parseEml(file, limits);
    const part = mail.attachments.at(entry.index - 1);
    if (part === undefined)
      throw new ArchiveError('bad_archive', `it has no attachment ${String(entry.index)}`);
    const bytes = bytesOf(part.content);
    checkEntrySize(entry, bytes.length, limits);
    await writeFile(dest, bytes);
  },
};

function readMsg(bytes: Buffer) {
  try {
    const reader = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.length));
    const data = reader.getFileData();
    if (data.error !== undefined) throw new Error(data.error);
    return { reader, data };
  } catch (error) {
    throw asListingError(error, 'Outlook message');
  }
}

function msgRecipients(recipients: FieldsData[] | undefined, kind: 'to' | 'cc'): string[] {
  return (recipients ?? [])
    .filter((recipient) => (recipient.recipType ?? 'to') === kind)
    .map((recipient) => {
      const address = recipient.smtpAddress ?? recipient.email ?? '';
      return recipient.name
        ? address
          ? `${recipient.name} <${address}>`
          : recipient.name
        : address;
    });
}

export const msg: Lister = {
  async list(file, limits): Promise<Listing> {
    const { reader, data } = readMsg(await readMail(file, limits));
    const attachments = data.attachments ?? [];
    const inline: InlineImages = new Map();
    const entries: ListedEntry[] = [];
    attachments.forEach((attachment, at) => {
      const name = attachmentName(
        attachment.fileName ?? attachment.fileNameShort ?? attachment.name,
        at + 1,
      );
      if (attachment.pidContentId !== undefined && attachment.attachmentHidden === true) {
        const { content } = reader.getAttachment(attachment);
        const type = /\.png$/i.test(name)
          ? 'image/png'
          : /\.gif$/i.test(name)
            ? 'image/gif'
            : 'image/jpeg';
        inline.set(
          attachment.pidContentId.replace(/^<|>$/g, ''),
          `data:${type};base64,${Buffer.from(content).toString('base64')}`,
        );
        return;
      }
      entries.push({
        index: at + 1,
        path: name,
        ...(attachment.contentLength !== undefined && { size: attachment.contentLength }),
        type: 'file',
      });
    });
    // Outlook's own body, RTF (compressed): an entry of its own when no HTML body shows it,
    // opened as any `.rtf` (LibreOffice), after the attachments.
    if (
      data.compressedRtf !== undefined &&
      data.bodyHtml === undefined &&
      data.html === undefined
    ) {
      entries.push({ index: attachments.length + 1, path: RTF_BODY, type: 'file' });
    }
    checkListing(entries, limits);
    const html =
      data.bodyHtml ??
      (data.html === undefined ? undefined : new TextDecoder('utf-8').decode(data.html));
    const date = isoDate(data.messageDeliveryTime ?? data.clientSubmitTime);
    const message: MailMessage = {
      from: data.senderName
        ? data.senderEmail
          ? `${data.senderName} <${data.senderEmail}>`
          : data.senderName
        : (data.senderEmail ?? ''),
      to: msgRecipients(data.recipients, 'to'),
      cc: msgRecipients(data.recipients, 'cc'),
      ...(date !== undefined && { date }),
      subject: data.subject ?? '',
      ...(data.body !== undefined && { text: cut(data.body) }),
      ...(html !== undefined && {
        html: sanitizeMailHtml(cut(html) ?? '', inline, MAX_INLINE_IMAGE_BYTES),
      }),
    };
    return { entries, message };
  },

  async extract(file, entry, dest, limits) {
    const { reader, data } = readMsg(await readMail(file, limits));
    const attachments = data.attachments ?? [];
    if (entry.index === attachments.length + 1 && data.compressedRtf !== undefined) {
      let rtf: Buffer;
      try {
        rtf = Buffer.from(decompressRTF([...data.compressedRtf]));
      } catch (error) {
        throw asListingError(error, 'RTF body');
      }
      checkEntrySize(entry, rtf.length, limits);
      await writeFile(dest, rtf);
      return;
    }
    const attachment = attachments.at(entry.index - 1);
    if (attachment === undefined)
      throw new ArchiveError('bad_archive', `it has no attachment ${String(entry.index)}`);
    const { content } = reader.getAttachment(attachment);
    checkEntrySize(entry, content.length, limits);
    await writeFile(dest, content);
  },
};
