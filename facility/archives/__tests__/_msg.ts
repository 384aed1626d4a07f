/**
 * Outlook `.msg` files the tests make themselves: a compound file (SheetJS's `cfb` writes it) of
 * MAPI property streams as [MS-OXMSG] lays them out — the subject, sender, bodies, recipients and
 * attachments a reader of messages looks for.
 */
import CFB from 'cfb';

export interface MsgSpec {
  subject: string;
  from: { name: string; email: string };
  to: { name: string; email: string }[];
  body: string;
  html?: string;
  /** An RTF body, stored as [MS-OXRTFCP]'s uncompressed form ("MELA"). */
  rtf?: string;
  attachments: { name: string; data: Uint8Array }[];
}

const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/** `__properties_version1.0`: a header, then 16 bytes per fixed-size property. */
function properties(
  headerBytes: number,
  fixed: [tag: number, value: number][],
  counts?: number[],
): Buffer {
  const header = Buffer.alloc(headerBytes);
  if (counts) counts.forEach((count, at) => header.writeUInt32LE(count, 8 + at * 4));
  const rows = fixed.map(([tag, value]) => {
    const row = Buffer.alloc(16);
    row.writeUInt32LE(tag >>> 0, 0);
    row.writeUInt32LE(0x6, 4); // readable, writable
    row.writeUInt32LE(value, 8);
    return row;
  });
  return Buffer.concat([header, ...rows]);
}

export function buildMsg(spec: MsgSpec): Buffer {
  const file = CFB.utils.cfb_new();
  const add = (name: string, content: Buffer) => CFB.utils.cfb_add(file, `/${name}`, content);
  add('__substg1.0_001A001F', utf16('IPM.Note'));
  add('__substg1.0_0037001F', utf16(spec.subject));
  add('__substg1.0_0C1A001F', utf16(spec.from.name));
  add('__substg1.0_0C1F001F', utf16(spec.from.email));
  add('__substg1.0_0C1E001F', utf16('SMTP'));
  add('__substg1.0_1000001F', utf16(spec.body));
  if (spec.html !== undefined) add('__substg1.0_10130102', Buffer.from(spec.html, 'utf8'));
  if (spec.rtf !== undefined) {
    const raw = Buffer.from(spec.rtf, 'latin1');
    const header = Buffer.alloc(16);
    header.writeUInt32LE(raw.length + 12, 0);
    header.writeUInt32LE(raw.length, 4);
    header.writeUInt32LE(0x414c454d, 8);
    add('__substg1.0_10090102', Buffer.concat([header, raw]));
  }
  spec.to.forEach((recipient, at) => {
    const folder = `__recip_version1.0_#${at.toString(16).toUpperCase().padStart(8, '0')}`;
    add(`${folder}/__substg1.0_3001001F`, utf16(recipient.name));
    add(`${folder}/__substg1.0_3003001F`, utf16(recipient.email));
    add(`${folder}/__substg1.0_39FE001F`, utf16(recipient.email));
    add(`${folder}/__properties_version1.0`, properties(8, [[0x0c150003, 1]]));
  });
  spec.attachments.forEach((attachment, at) => {
    const folder = `__attach_version1.0_#${at.toString(16).toUpperCase().padStart(8, '0')}`;
    add(`${folder}/__substg1.0_3707001F`, utf16(attachment.name));
    add(`${folder}/__substg1.0_3704001F`, utf16(attachment.name.slice(0, 12)));
    add(`${folder}/__substg1.0_37010102`, Buffer.from(attachment.data));
    add(
      `${folder}/__properties_version1.0`,
      properties(8, [
        [0x37050003, 1],
        [0x0e200003, attachment.data.length],
      ]),
    );
  });
  add(
    '__properties_version1.0',
    properties(
      32,
      [],
      [spec.to.length, spec.attachments.length, spec.to.length, spec.attachments.length],
    ),
  );
  return Buffer.from(CFB.write(file, { type: 'buffer' }) as Uint8Array);
}
