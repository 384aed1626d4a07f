/**
 * The one table of formats (formats.ts): every name and every first KB answered from it, the
 * header checks each entry names, and docs/server.md's "Formats" kept true to it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PLAIN, cachedOutput, conversionKey, convertsAtOnce } from '../convert.ts';
import { ConversionError } from '../failures.ts';
import { FORMATS, extensionOf, formatOf, formatOfContent, servedAsIs } from '../formats.ts';
import { compoundFile, imageHeader } from '../headers.ts';

const extensions = FORMATS.flatMap((format) => format.extensions);

describe('the table', () => {
  it('names each extension once, in lower case with its dot', () => {
    expect(extensions.length).toBeGreaterThan(100);
    expect(new Set(extensions).size).toBe(extensions.length);
    for (const ext of extensions) expect(ext).toMatch(/^(\.[a-z0-9]+)+$/);
  });

  it('makes every format pages, by a converter unless it is a PDF already, a listing or media', () => {
    for (const format of FORMATS) {
      if (format.view === 'listing') {
        expect(typeof format.lister.list).toBe('function');
        continue;
      }
      if (format.view === 'media') continue;
      expect(format.view).toBe('pages');
      expect(format.converter === undefined).toBe(format.name === 'PDF');
    }
  });

  it('lists archives and e-mails', () => {
    const listed = FORMATS.filter((format) => format.view === 'listing');
    expect(listed.flatMap((format) => format.extensions).sort()).toEqual([
      '.7z',
      '.eml',
      '.gz',
      '.msg',
      '.rar',
      '.tar',
      '.tar.bz2',
      '.tar.gz',
      '.tar.xz',
      '.tbz2',
      '.tgz',
      '.txz',
      '.zip',
    ]);
  });

  it('recognises only a PDF by its content, as pdf.js does', () => {
    expect(FORMATS.filter((format) => format.magic).map((format) => format.name)).toEqual(['PDF']);
  });
});

describe('what a name is', () => {
  it.each([
    ['report.pdf', 'PDF'],
    ['Report.PDF', 'PDF'],
    ['contracts/2026/acme.docx', 'Word'],
    ['old.DOC', 'Word 97'],
    ['budget.v2.xlsx', 'Excel'],
    ['/cache/copies/3f2a.csv', 'table of text'],
    ['notes.md', 'Markdown'],
    ['index.html', 'code'],
    ['build.Dockerfile', 'code'],
    ['scan.TIF', 'HEIC, AVIF and TIFF'],
    ['photo.jpeg', 'PNG and JPEG'],
    ['logo.svg', 'SVG'],
    ['scans.ZIP', 'zip'],
    ['logs.tar.gz', 'tar'],
    ['logs.tar.xz', 'tar, bzip2 and xz'],
    ['report.pdf.gz', 'gzip'],
    ['supplier.rar', 'RAR'],
  ])('%s is %s', (name, format) => {
    expect(formatOf(name)?.name).toBe(format);
  });

  it.each(['.docx', 'dir/.pdf', 'README', 'archive.zipx', 'file.', 'a.pdf/b'])(
    '%s names no format (a leading dot starts no extension)',
    (name) => {
      expect(formatOf(name)).toBeUndefined();
    },
  );

  it('reads the extension that ends the name', () => {
    expect(extensionOf('a.b.DOCX')).toBe('.docx');
    expect(extensionOf('dir/.hidden.txt')).toBe('.txt');
    expect(extensionOf('a.zipx')).toBeUndefined();
    expect(extensionOf('logs.TAR.GZ')).toBe('.tar.gz');
  });

  it('reads .xlsx and .csv as grids as they are, and saves the older and OpenDocument sheets first', () => {
    const grid = (name: string) => formatOf(name)?.grid;
    expect(['a.xlsx', 'a.xltm', 'a.csv', 'a.tsv'].map(grid)).toEqual([
      'read',
      'read',
      'read',
      'read',
    ]);
    expect(['a.xls', 'a.xlt', 'a.et', 'a.ett', 'a.ods', 'a.ots', 'a.fods'].map(grid)).toEqual(
      Array.from({ length: 7 }, () => 'normalised'),
    );
    expect(['a.docx', 'a.numbers', 'a.pdf'].map(grid)).toEqual([undefined, undefined, undefined]);
  });

  it('serves as it is only a PDF by its name', () => {
    expect(servedAsIs('a.pdf')).toBe(true);
    expect(servedAsIs('a.docx')).toBe(false);
    expect(servedAsIs('a.bin')).toBe(false);
  });

  it('tells the dispatcher which conversions are sheets and which are answered at once', () => {
    const grid = { gridLine: true };
    expect(conversionKey('a.xls', 'h', grid)).toBe('h-grid');
    expect(conversionKey('a.tsv', 'h', grid)).toBe('h-grid');
    expect(conversionKey('a.docx', 'h', grid)).toBe('h');
    expect(conversionKey('a.xlsx', 'h', PLAIN)).toBe('h');
    // A sheet saved as a workbook for the grid: its own key and file, whatever gridLine says.
    expect(conversionKey('a.ods', 'h', { gridLine: true, to: 'xlsx' })).toBe('h-xlsx');
    expect(cachedOutput('/c', 'h-xlsx')).toBe('/c/h-xlsx.xlsx');
    expect(cachedOutput('/c', 'h-grid')).toBe('/c/h-grid.pdf');
    expect(['a.png', 'a.JPG', 'a.heic', 'a.docx', 'a.pdf'].map(convertsAtOnce)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('what a first KB is', () => {
  it('is a PDF when it holds %PDF- anywhere in its first KB', () => {
    const at = (offset: number) =>
      Buffer.concat([Buffer.alloc(offset, 0x20), Buffer.from('%PDF-1.7')]);
    expect(formatOfContent(at(0))?.name).toBe('PDF');
    expect(formatOfContent(at(1000))?.name).toBe('PDF');
    expect(formatOfContent(at(1020))).toBeUndefined();
    expect(formatOfContent(Buffer.from('PK\x03\x04'))).toBeUndefined();
  });
});

/** The refusal a check throws, or what it returned. */
function outcome(run: () => unknown): unknown {
  try {
    return run() ?? 'as named';
  } catch (error) {
    return error instanceof ConversionError ? error.code : error;
  }
}

describe('an old Office name', () => {
  const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
  const ZIP = Buffer.from('PK\x03\x04\x14\x00', 'latin1');
  const RTF = Buffer.from('\n {\\rtf1\\ansi hello}');
  const HTML = Buffer.from('<?xml version="1.0"?>\n<html><body><table></table></body></html>');
  const text = compoundFile('text');
  const sheet = compoundFile('sheet');
  const check = (name: string, head: Buffer) => {
    const format = formatOf(name);
    const ext = extensionOf(name) ?? '';
    return outcome(() => format?.check?.(head, { ext, maxImagePixels: 1 }));
  };

  it.each([
    ['a.doc', OLE2, 'as named'],
    ['a.doc', ZIP, { ext: '.docx' }],
    ['a.xls', ZIP, { ext: '.xlsx' }],
    ['a.pps', ZIP, { ext: '.pptx' }],
    ['a.vsd', ZIP, { ext: '.vsdx' }],
    ['a.wps', RTF, { ext: '.rtf' }],
    ['a.et', RTF, 'unsupported'],
    ['a.xls', HTML, { ext: '.html', infilter: 'HTML (StarCalc)', markup: 'html' }],
    ['a.dot', HTML, { ext: '.html', infilter: 'HTML (StarWriter)', markup: 'html' }],
    ['a.ppt', Buffer.from('plain words'), 'unsupported'],
    ['a.docx', Buffer.from('plain words'), 'as named'],
  ])('%s starting %j is read as %j', (name, head, expected) => {
    expect(check(name, head)).toEqual(expected);
  });

  it('is checked by the family its entry names', () => {
    expect(outcome(() => text(ZIP, { ext: '.doc', maxImagePixels: 1 }))).toEqual({ ext: '.docx' });
    expect(outcome(() => sheet(ZIP, { ext: '.xls', maxImagePixels: 1 }))).toEqual({ ext: '.xlsx' });
  });
});

describe("an image's header", () => {
  /** A PNG's signature and IHDR: all image-size reads. */
  const png = (width: number, height: number) => {
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4, 'latin1');
    ihdr.writeUInt32BE(width, 8);
    ihdr.writeUInt32BE(height, 12);
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
  };
  const check = (bytes: Buffer) =>
    outcome(() => imageHeader(bytes, { ext: '.png', maxImagePixels: 1_000_000 }));

  it('passes an image within the limit, refuses one over it or without a size', () => {
    expect(check(png(1000, 1000))).toBe('as named');
    expect(check(png(1000, 1001))).toBe('too_large');
    expect(check(png(0, 10))).toBe('unsupported');
    expect(check(Buffer.from('not an image'))).toBe('unsupported');
  });

  it('is the check of every image format', () => {
    for (const name of [
      'a.png',
      'a.jpg',
      'a.heic',
      'a.tiff',
      'a.gif',
      'a.webp',
      'a.bmp',
      'a.svg',
    ]) {
      expect(formatOf(name)?.check).toBe(imageHeader);
    }
  });
});

describe('docs/server.md, "Formats"', () => {
  const doc = readFileSync(path.join(__dirname, '../../../docs/server.md'), 'utf8');
  const section = doc.slice(
    doc.indexOf('### Formats'),
    doc.indexOf('\n### ', doc.indexOf('### Formats') + 1),
  );
  /** The extensions in the backticked spans of `text`. */
  const named = (text: string) =>
    [...text.matchAll(/`([^`]*)`/g)].flatMap(
      ([, span = '']) => span.match(/(?:\.[a-z0-9]+)+/g) ?? [],
    );

  it("lists every extension of the table, and only those, in its table's first column", () => {
    const rows = section.split('\n').filter((line) => /^\| [^-]/.test(line));
    const listed = rows.slice(1).flatMap((row) => named(row.split('|')[1] ?? ''));
    expect([...listed].sort()).toEqual([...extensions].sort());
  });

  it('lists the spreadsheets gridLine prints, and the old names whose content is checked', () => {
    /** The first span of extensions in the bullet that starts so. */
    const listIn = (start: string) => {
      const from = section.indexOf(start);
      const bullet = section.slice(from, section.indexOf('\n- ', from + 1));
      return (/`(\.[^`]*)`/.exec(bullet)?.[1] ?? '').split(/\s+/).sort();
    };
    const sheets = FORMATS.filter((format) => format.sheet).flatMap((format) => format.extensions);
    expect(listIn('- **`gridLine`**')).toEqual([...sheets].sort());
    const sniffed = FORMATS.filter(
      (format) => format.check !== undefined && format.check !== imageHeader,
    ).flatMap((format) => format.extensions);
    expect(listIn('- **Names that lie**')).toEqual([...sniffed].sort());
  });
});
