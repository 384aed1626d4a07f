// Real archives and e-mails for the listing view's browser tests (listing.test.ts), made by the
// test itself: a zip written here (stored entries, UTF-8 names flagged, as zip's APPNOTE 4.4.4
// bit 11 says) and an RFC 5322 message with an HTML body, an inline image and a PDF attachment.
import { crc32 } from 'node:zlib';

interface ZipFile {
  name: string;
  data: Uint8Array;
}

/** A zip of stored (uncompressed) entries, their names in UTF-8 with the flag set. */
export function storedZip(files: readonly ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = Buffer.from(file.data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0x6000, 10); // 12:00
    local.writeUInt16LE(((2026 - 1980) << 9) | (1 << 5) | 2, 12); // 2026-01-02
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0x6000, 12);
    central.writeUInt16LE(((2026 - 1980) << 9) | (1 << 5) | 2, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A one-pixel GIF, the e-mail's inline image. */
const PIXEL = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

/** An e-mail with an HTML body (and a remote image that must not be fetched) and a PDF. */
export function emailWithPdf(pdf: Uint8Array, pdfName: string): string {
  const wrap = (text: string) => text.replace(/.{1,76}/g, '$&\r\n');
  return [
    'From: Li Lei <li@example.com>',
    'To: Han Meimei <han@example.com>',
    'Subject: =?UTF-8?B?' + Buffer.from('合同 / the contract').toString('base64') + '?=',
    'Date: Fri, 02 Jan 2026 03:04:05 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mixed"',
    '',
    '--mixed',
    'Content-Type: multipart/related; boundary="related"',
    '',
    '--related',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Hello <b>Han Meimei</b>,</p><p>the contract is attached.</p>' +
      '<img src="cid:pixel@folio" alt="logo"><img src="https://tracker.example/p.png" alt="remote">' +
      '<script>window.__pwned = 1</script>',
    '--related',
    'Content-Type: image/gif',
    'Content-ID: <pixel@folio>',
    'Content-Transfer-Encoding: base64',
    '',
    PIXEL,
    '--related--',
    '--mixed',
    `Content-Type: application/pdf; name="${pdfName}"`,
    `Content-Disposition: attachment; filename="${pdfName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    wrap(Buffer.from(pdf).toString('base64')),
    '--mixed--',
    '',
  ].join('\r\n');
}
