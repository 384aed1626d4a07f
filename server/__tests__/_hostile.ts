/**
 * Hostile inputs, made here so the tests and the bench (bench/hostile.ts) use the same bytes
 * (docs/server.md, "Limits"): images that declare far more pixels than they carry, a PDF whose
 * object stream inflates a thousandfold, a DOCX that links a local file, the process's environment
 * and a loopback URL, and many distinct PDFs.
 */
import { createDeflate, crc32 } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

/** Deflates `head`, `zeros` zero bytes, then `tail` as one stream, never holding the zeros. */
function deflated(head: Buffer, zeros: number, tail = Buffer.alloc(0)): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const deflate = createDeflate({ level: 9 });
    deflate.on('data', (chunk: Buffer) => out.push(chunk));
    deflate.on('end', () => {
      resolve(Buffer.concat(out));
    });
    deflate.on('error', reject);
    deflate.write(head);
    const block = Buffer.alloc(1 << 20);
    let left = zeros;
    const write = () => {
      while (left > 0) {
        const n = Math.min(left, block.length);
        left -= n;
        if (!deflate.write(block.subarray(0, n))) {
          deflate.once('drain', write);
          return;
        }
      }
      deflate.end(tail);
    };
    write();
  });
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid PNG of black RGB pixels: 20000 × 20000 (1.6 GB as RGBA) is ~1.2 MB on disk. */
export async function pngBomb(width = 20_000, height = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  // Each row is a filter byte (0) and its pixels (0): all zeros.
  const pixels = await deflated(Buffer.alloc(0), (width * 3 + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** A TIFF frame: grey (1 sample) or RGBA (4), 8 bits a sample, its pixels in one strip. */
export interface TiffFrame {
  width: number;
  height: number;
  samples?: 1 | 4;
  /** The strip's bytes written; default all the frame declares (mid-grey). */
  stripBytes?: number;
}

/**
 * A little-endian TIFF of these frames, one IFD each, written by hand: sharp writes every frame
 * of a file the same size, and a bomb's later frame is what must be larger than its first.
 */
export function tiff(frames: TiffFrame[]): Buffer {
  const parts: Buffer[] = [Buffer.from('II*\0\x08\0\0\0', 'latin1')];
  let at = 8;
  for (const [index, { width, height, samples = 1, stripBytes }] of frames.entries()) {
    const declared = width * height * samples;
    const entries: [tag: number, type: 3 | 4, value: number][] = [
      [256, 4, width], // ImageWidth (LONG)
      [257, 4, height], // ImageLength
      [258, 3, 8], // BitsPerSample
      [259, 3, 1], // Compression: none
      [262, 3, samples === 1 ? 1 : 2], // PhotometricInterpretation: grey or RGB
      [273, 4, at + 2 + 9 * 12 + 4], // StripOffsets: right after the IFD
      [277, 3, samples], // SamplesPerPixel
      [278, 4, height], // RowsPerStrip: one strip
      [279, 4, declared], // StripByteCounts: what it claims
    ];
    const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
    ifd.writeUInt16LE(entries.length, 0);
    entries.forEach(([tag, type, value], i) => {
      ifd.writeUInt16LE(tag, 2 + i * 12);
      ifd.writeUInt16LE(type, 4 + i * 12);
      ifd.writeUInt32LE(1, 6 + i * 12);
      if (type === 3) ifd.writeUInt16LE(value, 10 + i * 12);
      else ifd.writeUInt32LE(value >>> 0, 10 + i * 12);
    });
    const strip = stripBytes ?? declared;
    // Each IFD starts on a word boundary.
    const pixels = Buffer.alloc(strip + (strip % 2), 0x80);
    at += ifd.length + pixels.length;
    if (index < frames.length - 1) ifd.writeUInt32LE(at, ifd.length - 4);
    parts.push(ifd, pixels);
  }
  return Buffer.concat(parts);
}

/**
 * A TIFF whose one IFD declares 16384 × 16384 RGBA, 8 bits a sample (1 GiB of pixels), with one
 * 4-byte strip: a decoder that trusts the header allocates the gigabyte.
 */
export function tiffBomb(width = 16_384, height = 16_384): Buffer {
  return tiff([{ width, height, samples: 4, stripBytes: 4 }]);
}

/**
 * A one-page PDF whose catalog, page tree and page sit in an object stream (PDF 1.5) placed after
 * `inflatedMb` MB of padding: a reader must inflate all of it to find the page. On disk ~1 KB per
 * MB inflated.
 */
export async function pdfStreamBomb(inflatedMb = 1024): Promise<Buffer> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let offsets = '';
  let body = '';
  for (const [i, object] of objects.entries()) {
    offsets += `${String(i + 1)} ${String(body.length)} `;
    body += `${object}\n`;
  }
  // The object stream: its header (numbers and offsets), then zeros (whitespace to a PDF lexer:
  // NUL is white space), then the objects at /First.
  const padding = inflatedMb * 1024 * 1024;
  const head = Buffer.from(offsets);
  const first = head.length + padding;
  const whole = await deflated(head, padding, Buffer.from(body));
  const parts: Buffer[] = [];
  const at: number[] = [];
  let size = 0;
  const add = (chunk: string | Buffer) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(bytes);
    size += bytes.length;
  };
  add('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n');
  at[4] = size;
  add(
    `4 0 obj\n<< /Type /ObjStm /N 3 /First ${String(first)} /Filter /FlateDecode /Length ${String(whole.length)} >>\nstream\n`,
  );
  add(whole);
  add('\nendstream\nendobj\n');
  // The cross-reference stream: object 0 free, 1–3 in object stream 4, 4 and 5 at their offsets.
  const xrefAt = size;
  const row = (type: number, field2: number, field3: number) => {
    const entry = Buffer.alloc(7);
    entry.writeUInt8(type, 0);
    entry.writeUInt32BE(field2, 1);
    entry.writeUInt16BE(field3, 5);
    return entry;
  };
  const table = Buffer.concat([
    row(0, 0, 0xffff),
    row(2, 4, 0),
    row(2, 4, 1),
    row(2, 4, 2),
    row(1, at[4] ?? 0, 0),
    row(1, xrefAt, 0),
  ]);
  add(
    `5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length ${String(table.length)} >>\nstream\n`,
  );
  add(table);
  add(`\nendstream\nendobj\nstartxref\n${String(xrefAt)}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** `count` one-page PDFs, each different (its page says its number), for a flood of first parses. */
export async function distinctPdfs(count: number): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  for (let i = 0; i < count; i++) {
    doc.setTitle(`flood ${String(i)}`);
    page.setSize(300 + (i % 300), 400 + Math.floor(i / 300));
    files.set(`flood-${String(i).padStart(4, '0')}.pdf`, await doc.save());
  }
  return files;
}

/** A zip of stored (uncompressed) entries: enough for a DOCX, which is a zip of XML parts. */
export function storedZip(entries: Record<string, string>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(fileName.length, 26);
    local.push(header, fileName, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, fileName);
    offset += header.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

/** A Word field: instruction, and the result the author saved (what a reader shows unupdated). */
function field(instruction: string, shown: string): string {
  return (
    `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>` +
    `<w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r>` +
    `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>${shown}</w:t></w:r>` +
    `<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`
  );
}

/**
 * A DOCX as an attacker writes one: INCLUDETEXT fields that pull in `/etc/passwd`, the
 * converter's own environment (`/proc/self/environ`) and a loopback URL, and an image linked (not
 * embedded) from that URL. A converter that updates links on load puts their content in the PDF
 * and fetches the URL.
 */
export function linkingDocx(loopbackUrl: string): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const image =
    `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="linked"/>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">` +
    `<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:nvPicPr><pic:cNvPr id="1" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:link="rIdLinked"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm>` +
    `<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const document =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
    `<w:document xmlns:w="${W}" xmlns:r="${R}" ` +
    `xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><w:body>` +
    `<w:p><w:r><w:t>Quarterly report</w:t></w:r></w:p>` +
    field('INCLUDETEXT "/etc/passwd"', 'see attachment') +
    field('INCLUDETEXT "/proc/self/environ"', 'see appendix') +
    field(`INCLUDETEXT "${loopbackUrl}/included.txt"`, 'see intranet') +
    field(`INCLUDEPICTURE "${loopbackUrl}/picture.png" \\d`, 'logo') +
    image +
    `<w:p><w:r><w:t>End of report</w:t></w:r></w:p></w:body></w:document>`;
  return storedZip({
    '[Content_Types].xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
      `</Types>`,
    '_rels/.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/>` +
      `</Relationships>`,
    'word/document.xml': document,
    'word/_rels/document.xml.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rIdLinked" Type="${R}/image" Target="${loopbackUrl}/linked.png" TargetMode="External"/>` +
      `</Relationships>`,
  });
}
