/**
 * Test documents made on the spot: pdf-lib for well-formed PDFs with the features under test,
 * plain bytes for the broken ones. Keeps the repo's own sample documents out of edge cases.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { degrees, PDFDocument, PDFHexString, PDFName } from 'pdf-lib';
import type { PDFObject, PDFRef } from 'pdf-lib';

export const SAMPLES = path.resolve(__dirname, '../../../mock/documents');
export const HOSTILE_TITLE = '<img src=x onerror=alert(1)>';
export const HOSTILE_OUTLINE_TITLE = '<script>alert(1)</script>';

export function tracemonkey(): Promise<Buffer> {
  return readFile(path.join(SAMPLES, 'tracemonkey.pdf'));
}

interface OutlineSpec {
  title: string;
  /** A PDF destination: a named one as a name, an explicit one as an array. */
  dest?: PDFObject;
  children?: OutlineSpec[];
}

/** Writes the /First … /Next chain of one outline level, returning its refs. */
function addOutlineLevel(doc: PDFDocument, items: OutlineSpec[], parent: PDFRef): PDFRef[] {
  const ctx = doc.context;
  const refs = items.map(() => ctx.nextRef());
  refs.forEach((own, i) => {
    const item = items[i];
    const entry: Record<string, PDFObject> = {
      Title: PDFHexString.fromText(item.title),
      Parent: parent,
    };
    if (i > 0) entry.Prev = refs[i - 1];
    if (i < refs.length - 1) entry.Next = refs[i + 1];
    if (item.dest) entry.Dest = item.dest;
    const kids = addOutlineLevel(doc, item.children ?? [], own);
    if (kids.length > 0) {
      entry.First = kids[0];
      entry.Last = kids[kids.length - 1];
      entry.Count = ctx.obj(kids.length);
    }
    ctx.assign(own, ctx.obj(entry));
  });
  return refs;
}

/**
 * Three pages: 300×400; 200×100 with /Rotate 90 (displayed 100×200); 500×500. A hostile Title,
 * and an outline with an explicit destination, a named one (with a child), one whose name does not
 * exist, and one with no destination at all.
 */
export async function outlinedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(HOSTILE_TITLE);
  const first = doc.addPage([300, 400]);
  const second = doc.addPage([200, 100]);
  second.setRotation(degrees(90));
  const third = doc.addPage([500, 500]);
  const ctx = doc.context;
  doc.catalog.set(PDFName.of('Dests'), ctx.obj({ part2: [second.ref, 'Fit'] }));

  const root = ctx.nextRef();
  const top = addOutlineLevel(
    doc,
    [
      { title: 'Intro', dest: ctx.obj([first.ref, 'XYZ', null, null, null]) },
      {
        title: 'Part two',
        dest: PDFName.of('part2'),
        children: [{ title: HOSTILE_OUTLINE_TITLE, dest: ctx.obj([third.ref, 'Fit']) }],
      },
      { title: 'Missing name', dest: PDFName.of('nowhere') },
      { title: 'No destination' },
    ],
    root,
  );
  ctx.assign(
    root,
    ctx.obj({ Type: 'Outlines', First: top[0], Last: top.at(-1), Count: top.length }),
  );
  doc.catalog.set(PDFName.of('Outlines'), root);
  return doc.save();
}

/** A one-page PDF, for documents whose content does not matter. */
export async function plainPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]);
  return doc.save();
}

/** The Standard security handler's revision 2 (40-bit RC4) as these fixtures use it. */
const ENCRYPTION = { permissions: -44, owner: Buffer.alloc(32, 0x11), id: Buffer.alloc(16, 0) };

/**
 * A one-page PDF whose trailer says it is encrypted with {@link ENCRYPTION} and this /U (what an
 * opener compares the user password's result with). Its content is not encrypted: only the
 * opening matters to the tests, and a page opened this way draws empty.
 */
async function encryptedPdf(user: Buffer): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const ctx = doc.context;
  ctx.trailerInfo.Encrypt = ctx.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    Length: 40,
    P: ENCRYPTION.permissions,
    O: PDFHexString.of(ENCRYPTION.owner.toString('hex')),
    U: PDFHexString.of(user.toString('hex')),
  });
  const id = PDFHexString.of(ENCRYPTION.id.toString('hex'));
  ctx.trailerInfo.ID = ctx.obj([id, id]);
  return doc.save({ useObjectStreams: false });
}

/**
 * An encrypted PDF whose user password is not empty, as pdf.js sees it: a Standard security
 * handler whose /U does not match the empty password, so opening it needs a password.
 */
export function passwordPdf(): Promise<Uint8Array> {
  return encryptedPdf(Buffer.alloc(32, 0x22));
}

/** RC4, which the PDF Standard security handler's revision 2 uses (OpenSSL 3 no longer offers it). */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const box = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + box[i] + key[i % key.length]) % 256;
    [box[i], box[j]] = [box[j], box[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) % 256;
    j = (j + box[i]) % 256;
    [box[i], box[j]] = [box[j], box[i]];
    out[n] = data[n] ^ box[(box[i] + box[j]) % 256];
  }
  return out;
}

/** The Standard security handler's padding string (PDF 32000-1, 7.6.3.3). */
const PASSWORD_PADDING = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);

/**
 * An encrypted PDF with an owner password only: its /U is what the empty user password gives
 * (algorithms 2 and 4 of PDF 32000-1, revision 2), so readers open it without asking.
 */
export function ownerPasswordPdf(): Promise<Uint8Array> {
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(ENCRYPTION.permissions);
  const key = createHash('md5')
    .update(Buffer.concat([PASSWORD_PADDING, ENCRYPTION.owner, permissions, ENCRYPTION.id]))
    .digest()
    .subarray(0, 5);
  return encryptedPdf(rc4(key, PASSWORD_PADDING));
}

export const CORRUPT = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\n%%EOF\n');
export const HTML_AS_PDF = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script>Not a PDF</body></html>\n',
);
