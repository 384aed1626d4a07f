/**
 * Which formats the facility previews and how each becomes the viewable PDF (the list in
 * docs/server.md, "Formats"; decision 2026-11-28-more-formats), named by the extension.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';

/**
 * What LibreOffice opens as it is (its import filter picked by the extension, or by the content
 * {@link officeExtension} finds): Microsoft Office and its templates and macro-enabled twins
 * (macros never run: sandbox.ts), OpenDocument and its flat and template forms, Kingsoft WPS,
 * Visio, Apple iWork and Windows metafiles.
 */
export const OFFICE_EXTENSIONS = new Set([
  ...['.docx', '.doc', '.dotx', '.dot', '.docm', '.dotm', '.rtf'],
  ...['.xlsx', '.xls', '.xltx', '.xlt', '.xlsm', '.xltm'],
  ...['.pptx', '.ppt', '.potx', '.pot', '.pptm', '.potm', '.ppsx', '.pps'],
  ...['.odt', '.ods', '.odp', '.odg', '.ott', '.ots', '.otp', '.otg'],
  ...['.fodt', '.fods', '.fodp', '.fodg'],
  ...['.wps', '.wpt', '.et', '.ett', '.dps', '.dpt'],
  ...['.vsd', '.vsdx'],
  ...['.pages', '.numbers', '.key'],
  ...['.emf', '.wmf'],
]);
/**
 * Extensions of OLE2 compound files (Office 97–2003, Kingsoft WPS, Visio), each with the family
 * it is a document of: a file under one of these names that is not OLE2 is often a zip of the
 * newer format, RTF or HTML saved under the old name.
 */
const COMPOUND: ReadonlyMap<string, 'text' | 'sheet' | 'slides' | 'drawing'> = new Map([
  ['.doc', 'text'],
  ['.dot', 'text'],
  ['.wps', 'text'],
  ['.wpt', 'text'],
  ['.xls', 'sheet'],
  ['.xlt', 'sheet'],
  ['.et', 'sheet'],
  ['.ett', 'sheet'],
  ['.ppt', 'slides'],
  ['.pot', 'slides'],
  ['.pps', 'slides'],
  ['.dps', 'slides'],
  ['.dpt', 'slides'],
  ['.vsd', 'drawing'],
]);
const ZIPPED: Record<'text' | 'sheet' | 'slides' | 'drawing', string> = {
  text: '.docx',
  sheet: '.xlsx',
  slides: '.pptx',
  drawing: '.vsdx',
};

/**
 * Spreadsheets: the names Calc opens (tables of text included), the ones the policy's `gridLine`
 * prints with their cell grid (sheet-grid.ts).
 */
const SHEET_EXTENSIONS = new Set([
  ...['.xlsx', '.xls', '.xltx', '.xlt', '.xlsm', '.xltm'],
  ...['.ods', '.ots', '.fods', '.et', '.ett', '.numbers', '.csv', '.tsv'],
]);

/** Whether the file is a spreadsheet, by its extension. */
export function isSpreadsheet(name: string): boolean {
  return SHEET_EXTENSIONS.has(path.extname(name).toLowerCase());
}

/** Plain text, decoded to UTF-8 first (text-decode.ts). */
const TEXT_EXTENSIONS = new Set(['.txt', '.log']);
/** Tables of text, decoded and their delimiter found (text-prepare.ts), opened by Calc. */
const TABLE_EXTENSIONS = new Set(['.csv', '.tsv']);
const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown']);
/** Code, highlighted by highlight.js in the language its extension names. */
export const CODE_LANGUAGES: Readonly<Record<string, string>> = {
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.tsx': 'typescript',
  '.py': 'python',
  '.java': 'java',
  '.kt': 'kotlin',
  '.go': 'go',
  '.rs': 'rust',
  '.c': 'c',
  '.h': 'c',
  '.cpp': 'cpp',
  '.cc': 'cpp',
  '.hpp': 'cpp',
  '.cs': 'csharp',
  '.php': 'php',
  '.rb': 'ruby',
  '.swift': 'swift',
  '.sql': 'sql',
  '.sh': 'bash',
  '.bash': 'bash',
  '.ps1': 'powershell',
  '.bat': 'dos',
  '.json': 'json',
  '.xml': 'xml',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.toml': 'ini',
  '.ini': 'ini',
  '.properties': 'properties',
  '.css': 'css',
  '.scss': 'scss',
  '.less': 'less',
  '.html': 'xml',
  '.htm': 'xml',
  '.vue': 'xml',
  '.lua': 'lua',
  '.r': 'r',
  '.scala': 'scala',
  '.dart': 'dart',
  '.pl': 'perl',
  '.gradle': 'gradle',
  '.dockerfile': 'dockerfile',
};
/** Images pdf-lib embeds as they are. */
export const EMBEDDED_IMAGES = new Set(['.png', '.jpg', '.jpeg']);
/** Images sharp or heic-decode decodes in the pool, one page per frame (image-pages.ts). */
export const DECODED_IMAGES = new Set(['.heic', '.heif', '.avif', '.tiff', '.tif']);
/** Images LibreOffice Draw reads. */
const DRAWN_IMAGES = new Set(['.gif', '.webp', '.bmp', '.svg']);

/**
 * `text`, `table`, `markdown`, `code`: decoded and prepared in the pool (text-prepare.ts), then
 * made a PDF by LibreOffice. `unknown`: served only when its content is a PDF.
 */
export type SourceKind =
  'pdf' | 'office' | 'image' | 'text' | 'table' | 'markdown' | 'code' | 'unknown';

/** How a file becomes the viewable PDF, by its extension. */
export function sourceKind(name: string): SourceKind {
  const ext = path.extname(name).toLowerCase();
  if (ext === '.pdf') return 'pdf';
  if (OFFICE_EXTENSIONS.has(ext)) return 'office';
  if (EMBEDDED_IMAGES.has(ext) || DECODED_IMAGES.has(ext) || DRAWN_IMAGES.has(ext)) {
    return 'image';
  }
  if (TEXT_EXTENSIONS.has(ext)) return 'text';
  if (TABLE_EXTENSIONS.has(ext)) return 'table';
  if (MARKDOWN_EXTENSIONS.has(ext)) return 'markdown';
  if (Object.hasOwn(CODE_LANGUAGES, ext)) return 'code';
  return 'unknown';
}

/**
 * The markup LibreOffice reads by this extension (officeExtension's, after sniffing), whose
 * outside references are dropped before it does (references.ts); undefined for other formats.
 */
export function markupOf(ext: string): 'xml' | 'html' | undefined {
  if (['.svg', '.fodt', '.fods', '.fodp', '.fodg'].includes(ext)) return 'xml';
  if (ext === '.html') return 'html';
  return undefined;
}

/** The first KB of a file: what sniffing looks at. */
export async function fileHead(file: string): Promise<Buffer> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A PDF, whatever its name: pdf.js too accepts `%PDF-` anywhere in the first KB. */
export async function startsAsPdf(file: string): Promise<boolean> {
  return (await fileHead(file)).includes('%PDF-');
}

/** How LibreOffice is to read a file whose content its name may not tell. */
export interface OfficeInput {
  ext: string;
  infilter?: string;
}

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');

/**
 * An old Office or WPS name's content, checked: OLE2 as named; a zip, RTF or HTML read as what it
 * is; anything else `undefined` (refused as unsupported, never handed to LibreOffice to guess).
 * Other extensions are read as named.
 */
export function officeExtension(ext: string, head: Uint8Array): OfficeInput | undefined {
  const family = COMPOUND.get(ext);
  if (family === undefined) return { ext };
  const bytes = Buffer.from(head);
  if (bytes.subarray(0, 8).equals(OLE2)) return { ext };
  if (bytes.subarray(0, 4).equals(ZIP)) return { ext: ZIPPED[family] };
  const start = bytes.toString('latin1').trimStart().slice(0, 256).toLowerCase();
  if (start.startsWith('{\\rtf') && family === 'text') return { ext: '.rtf' };
  if (/^(<\?xml[^>]*>\s*)?(<!doctype html|<html)/.test(start)) {
    // Word and Excel "Save as web page" under the old name; Calc reads the tables as a sheet.
    return family === 'sheet'
      ? { ext: '.html', infilter: 'HTML (StarCalc)' }
      : { ext: '.html', infilter: 'HTML (StarWriter)' };
  }
  return undefined;
}
