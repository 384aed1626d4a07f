/**
 * The raw bytes of a tar's names, for the archives whose names a Windows tool wrote in its code
 * page (GBK…): node-tar reads every name as UTF-8, so such a name comes out with U+FFFD in it.
 * Only then the headers are read a second time here, in order, each body skipped, and the names
 * that are not UTF-8 decoded as names.ts decodes a zip's. PAX names are UTF-8 by the standard and
 * are left as node-tar read them.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;
/** Header types that are no entry of their own: they describe the next one (node-tar skips them). */
const META = new Set(['x', 'g', 'L', 'K', 'X', 'N', 'V', 'M']);

/** Up to the first NUL. */
function field(block: Buffer, start: number, length: number): Buffer {
  const bytes = block.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return end < 0 ? bytes : bytes.subarray(0, end);
}

async function decompressed(file: string): Promise<Readable> {
  const handle = await open(file);
  const head = Buffer.alloc(2);
  try {
    await handle.read(head, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const stream = createReadStream(file);
  return head[0] === 0x1f && head[1] === 0x8b ? stream.pipe(createGunzip()) : stream;
}

/**
 * Each entry's stored name bytes (1-based, as node-tar counts entries) when they came from the
 * header or a GNU long name; none when a PAX header named it. Reads at most `maxEntries`.
 */
export async function rawTarNames(file: string, maxEntries: number): Promise<Map<number, Buffer>> {
  const names = new Map<number, Buffer>();
  let pending = Buffer.alloc(0);
  let skip = 0;
  let index = 0;
  let longName: Buffer | undefined;
  let paxNamed = false;
  /** The body of a GNU long name being read. */
  let collecting: { left: number; parts: Buffer[] } | undefined;
  for await (const chunk of await decompressed(file)) {
    pending = Buffer.concat([pending, chunk as Buffer]);
    while (pending.length >= BLOCK) {
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (collecting) {
        collecting.parts.push(Buffer.from(block));
        collecting.left -= 1;
        if (collecting.left === 0) {
          longName = field(Buffer.concat(collecting.parts), 0, Infinity);
          collecting = undefined;
        }
        continue;
      }
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      if (block.every((byte) => byte === 0)) continue;
      const type = String.fromCharCode(block.readUInt8(156));
      const size = parseInt(field(block, 124, 12).toString('latin1').trim() || '0', 8) || 0;
      const blocks = Math.ceil(size / BLOCK);
      if (type === 'L') {
        collecting = blocks > 0 ? { left: blocks, parts: [] } : undefined;
        continue;
      }
      if (type === 'x') paxNamed = true; // the next entry's name may be in it
      if (META.has(type)) {
        skip = blocks;
        continue;
      }
      index += 1;
      if (index > maxEntries) break;
      if (!paxNamed) {
        const prefix = field(block, 345, 155);
        const name = field(block, 0, 100);
        const magic = block.subarray(257, 262).toString('latin1');
        names.set(
          index,
          longName ??
            (magic === 'ustar' && prefix.length > 0
              ? Buffer.concat([prefix, Buffer.from('/'), name])
              : Buffer.from(name)),
        );
      }
      longName = undefined;
      paxNamed = false;
      skip = blocks;
    }
    if (index > maxEntries) break;
  }
  return names;
}
