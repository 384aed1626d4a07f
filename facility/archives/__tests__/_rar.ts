/**
 * RAR archives the tests make themselves (Debian has no free `rar`): stored (method 0) entries
 * laid out as RARLAB's technical notes describe RAR 5.0 and RAR 1.5–4.x, enough for bsdtar to
 * list and extract them. fixtures/tiny.rar and fixtures/tiny4.rar were written by these.
 */
import { crc32 } from 'node:zlib';

export interface RarEntry {
  name: string;
  data: Uint8Array;
}

/** A RAR5 variable-length integer: 7 bits a byte, low first, the high bit saying "more". */
function vint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0, 0);
  return buffer;
}

/** A RAR5 header: CRC32 and size, then its fields from the type on. */
function header5(fields: Buffer): Buffer {
  const sized = Buffer.concat([vint(fields.length), fields]);
  return Buffer.concat([uint32(crc32(sized)), sized]);
}

const MTIME_UNIX = 1_614_384_000; // 2021-02-27, any fixed time

export function buildRar5(entries: readonly RarEntry[]): Buffer {
  const parts = [
    Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]),
    header5(Buffer.concat([vint(1), vint(0), vint(0)])),
  ];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.data);
    const fields = Buffer.concat([
      vint(2), // file header
      vint(0x02), // a data area follows
      vint(data.length),
      vint(0x0002 | 0x0004), // mtime and CRC32 present
      vint(data.length),
      vint(0o100644), // attributes
      uint32(MTIME_UNIX),
      uint32(crc32(data)),
      vint(0), // version 0, stored
      vint(1), // Unix
      vint(name.length),
      name,
    ]);
    parts.push(header5(fields), data);
  }
  parts.push(header5(Buffer.concat([vint(5), vint(0), vint(0)])));
  return Buffer.concat(parts);
}

/** A RAR 1.5–4.x block: its CRC (CRC32's low 16 bits) over everything after the CRC. */
function block4(rest: Buffer): Buffer {
  const crc = Buffer.alloc(2);
  crc.writeUInt16LE(crc32(rest) & 0xffff, 0);
  return Buffer.concat([crc, rest]);
}

function uint16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value, 0);
  return buffer;
}

/** ASCII names only (RAR 4's Unicode names have an encoding of their own). */
export function buildRar4(entries: readonly RarEntry[]): Buffer {
  const parts = [
    Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]),
    block4(Buffer.concat([Buffer.from([0x73]), uint16(0), uint16(13), uint16(0), uint32(0)])),
  ];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'latin1');
    const data = Buffer.from(entry.data);
    const head = Buffer.concat([
      Buffer.from([0x74]),
      uint16(0x8000),
      uint16(32 + name.length),
      uint32(data.length),
      uint32(data.length),
      Buffer.from([3]), // Unix
      uint32(crc32(data)),
      uint32(0x5221_0000), // 2021-01-01, DOS time
      Buffer.from([20, 0x30]), // version 2.0, stored
      uint16(name.length),
      uint32(0o100644),
      name,
    ]);
    parts.push(block4(head), data);
  }
  parts.push(block4(Buffer.concat([Buffer.from([0x7b]), uint16(0x4000), uint16(7)])));
  return Buffer.concat(parts);
}
