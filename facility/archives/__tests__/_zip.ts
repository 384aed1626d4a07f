/**
 * Zips the tests build byte by byte, hostile ones included: any name bytes with or without the
 * UTF-8 flag, the encryption flag, a Unix mode (a symlink entry), and central directory entries
 * that point at another's local header (overlapping data).
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string | Uint8Array;
  data?: Uint8Array;
  /** 8: deflated (default), 0: stored. */
  method?: 0 | 8;
  utf8?: boolean;
  encrypted?: boolean;
  /** Unix mode in the upper half of the external attributes (0o120777: a symlink). */
  mode?: number;
  /** Point this central directory entry at entry N's (0-based) local header and data. */
  sharesDataOf?: number;
}

export function buildZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  const spans: { offset: number; packed: number; crc: number; size: number; method: number }[] = [];
  // The same data deflated once (a bomb's many entries of zeros).
  const deflated = new Map<Uint8Array, Buffer>();
  let offset = 0;
  for (const entry of entries) {
    const name =
      typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : Buffer.from(entry.name);
    const data = Buffer.from(entry.data ?? new Uint8Array());
    const method = entry.method ?? 8;
    const flags = (entry.utf8 === true ? 0x800 : 0) | (entry.encrypted === true ? 1 : 0);
    let span = entry.sharesDataOf === undefined ? undefined : spans.at(entry.sharesDataOf);
    if (span === undefined) {
      const source = entry.data ?? data;
      const packed = method === 8 ? (deflated.get(source) ?? deflateRawSync(data)) : data;
      if (method === 8) deflated.set(source, packed);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(flags, 6);
      local.writeUInt16LE(method, 8);
      local.writeUInt32LE(crc32(data), 14);
      local.writeUInt32LE(packed.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(name.length, 26);
      span = { offset, packed: packed.length, crc: crc32(data), size: data.length, method };
      locals.push(local, name, packed);
      offset += local.length + name.length + packed.length;
    }
    spans.push(span);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(0x031e, 4); // made by Unix
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(span.method, 10);
    record.writeUInt16LE(0x21, 14); // 1980-01-01
    record.writeUInt32LE(span.crc, 16);
    record.writeUInt32LE(span.packed, 20);
    record.writeUInt32LE(span.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    record.writeUInt32LE(span.offset, 42);
    central.push(record, name);
  }
  const directory = Buffer.concat(central);
  // Over 65 535 entries: Zip64's end records carry the count.
  const zip64: Buffer[] = [];
  if (entries.length > 0xffff) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    zip64.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, ...zip64, end]);
}
