/**
 * The one table of formats (docs/server.md, "Formats"; docs/decisions/2026-12-06-one-table-of-formats.md):
 * each format once, with its extensions, how its content is recognised and checked, what it
 * becomes and the converter that makes it (converters/). Everything that asks what a file is
 * reads it: the viewable PDF (viewable.ts), the dispatcher (convert.ts), the queue (queue.ts),
 * the sources' early PDF reads (lookup.ts).
 */
import { eml, msg } from '../archives/mail.ts';
import { bsdtarLister, sevenZip } from '../archives/programs.ts';
import { rar } from '../archives/rar.ts';
import { gzip, tar } from '../archives/tar.ts';
import { zip } from '../archives/zip.ts';
import { CODE_LANGUAGES } from './code-languages.ts';
import { decodedImage } from './converters/decoded-image.ts';
import { drawn } from './converters/drawn.ts';
import { dwg } from './converters/dwg.ts';
import { dxf } from './converters/dxf.ts';
import { embeddedImage } from './converters/embedded-image.ts';
import { office } from './converters/office.ts';
import { rawImage } from './converters/raw-image.ts';
import { text } from './converters/text.ts';
import type { Format } from './format.ts';
import { compoundFile, imageHeader, pdfMagic } from './headers.ts';

/* prettier-ignore */
export const FORMATS: readonly Format[] = [
  { name: 'PDF', extensions: ['.pdf'], magic: pdfMagic, view: 'pages' },
  // LibreOffice opens the office family as it is; macros never run (sandbox.ts). A sheet's
  // `grid` (format.ts): read as it is, or normalised to `.xlsx` once for the sheet view.
  { name: 'Word', extensions: ['.docx', '.dotx', '.docm', '.dotm'], view: 'pages', converter: office },
  { name: 'Word 97', extensions: ['.doc', '.dot'], check: compoundFile('text'), view: 'pages', converter: office },
  { name: 'RTF', extensions: ['.rtf'], view: 'pages', converter: office },
  { name: 'Excel', extensions: ['.xlsx', '.xltx', '.xlsm', '.xltm'], sheet: true, grid: 'read', view: 'pages', converter: office },
  { name: 'Excel 97', extensions: ['.xls', '.xlt'], check: compoundFile('sheet'), sheet: true, grid: 'normalised', view: 'pages', converter: office },
  { name: 'PowerPoint', extensions: ['.pptx', '.potx', '.pptm', '.potm', '.ppsx'], view: 'pages', converter: office },
  { name: 'PowerPoint 97', extensions: ['.ppt', '.pot', '.pps'], check: compoundFile('slides'), view: 'pages', converter: office },
  { name: 'OpenDocument text', extensions: ['.odt', '.ott'], view: 'pages', converter: office },
  { name: 'OpenDocument sheet', extensions: ['.ods', '.ots'], sheet: true, grid: 'normalised', view: 'pages', converter: office },
  { name: 'OpenDocument slides', extensions: ['.odp', '.otp'], view: 'pages', converter: office },
  { name: 'OpenDocument drawing', extensions: ['.odg', '.otg'], view: 'pages', converter: office },
  { name: 'flat OpenDocument', extensions: ['.fodt', '.fodp', '.fodg'], markup: 'xml', view: 'pages', converter: office },
  { name: 'flat OpenDocument sheet', extensions: ['.fods'], markup: 'xml', sheet: true, grid: 'normalised', view: 'pages', converter: office },
  { name: 'WPS Writer', extensions: ['.wps', '.wpt'], check: compoundFile('text'), view: 'pages', converter: office },
  { name: 'WPS Spreadsheets', extensions: ['.et', '.ett'], check: compoundFile('sheet'), sheet: true, grid: 'normalised', view: 'pages', converter: office },
  { name: 'WPS Presentation', extensions: ['.dps', '.dpt'], check: compoundFile('slides'), view: 'pages', converter: office },
  { name: 'Visio 2003', extensions: ['.vsd'], check: compoundFile('drawing'), view: 'pages', converter: office },
  { name: 'Visio', extensions: ['.vsdx'], view: 'pages', converter: office },
  { name: 'Pages', extensions: ['.pages'], view: 'pages', converter: office },
  { name: 'Numbers', extensions: ['.numbers'], sheet: true, view: 'pages', converter: office },
  { name: 'Keynote', extensions: ['.key'], view: 'pages', converter: office },
  { name: 'Windows metafile', extensions: ['.emf', '.wmf'], view: 'pages', converter: office },
  // Images: the header's size checked before any decoder sees them.
  { name: 'PNG and JPEG', extensions: ['.png', '.jpg', '.jpeg'], check: imageHeader, view: 'pages', converter: embeddedImage },
  { name: 'HEIC, AVIF and TIFF', extensions: ['.heic', '.heif', '.avif', '.tiff', '.tif'], check: imageHeader, view: 'pages', converter: decodedImage },
  { name: 'GIF, WebP and BMP', extensions: ['.gif', '.webp', '.bmp'], check: imageHeader, view: 'pages', converter: office },
  { name: 'PSD, TGA and ICO', extensions: ['.psd', '.tga', '.ico'], check: imageHeader, view: 'pages', converter: decodedImage },
  // Camera raw: its size read by LibRaw first, developed by LibRaw's dcraw_emu in the sandbox.
  { name: 'camera raw', extensions: ['.dng', '.cr2', '.nef', '.arw', '.raf', '.orf', '.rw2'], view: 'pages', converter: rawImage },
  { name: 'SVG', extensions: ['.svg'], check: imageHeader, markup: 'xml', view: 'pages', converter: office },
  // CAD drawings: DXF drawn as vector pages in the pool; DWG read by a GPL program of its own in the
  // sandbox into a DXF drawn the same way (converters/dwg.ts).
  { name: 'DXF', extensions: ['.dxf'], view: 'pages', converter: dxf },
  { name: 'DWG', extensions: ['.dwg'], view: 'pages', converter: dwg },
  // Text in any encoding, decoded first (text-decode.ts).
  { name: 'text', extensions: ['.txt', '.log'], view: 'pages', converter: text('text') },
  { name: 'table of text', extensions: ['.csv', '.tsv'], sheet: true, grid: 'read', view: 'pages', converter: text('table') },
  { name: 'Markdown', extensions: ['.md', '.markdown'], view: 'pages', converter: text('markdown') },
  { name: 'code', extensions: Object.keys(CODE_LANGUAGES), view: 'pages', converter: text('code') },
  // Packages and diagrams read and drawn as pages by pdfkit in the pool (converters/drawn.ts).
  { name: 'OFD', extensions: ['.ofd'], view: 'pages', converter: drawn('ofd') },
  { name: 'EPUB', extensions: ['.epub'], view: 'pages', converter: drawn('epub') },
  { name: 'XMind', extensions: ['.xmind'], view: 'pages', converter: drawn('mindMap') },
  { name: 'diagrams', extensions: ['.drawio', '.dio', '.bpmn'], view: 'pages', converter: drawn('diagram') },
  // Archives and e-mail: a listing, each entry a document of its own (facility/archives/).
  { name: 'zip', extensions: ['.zip'], view: 'listing', lister: zip },
  { name: 'tar', extensions: ['.tar', '.tar.gz', '.tgz'], view: 'listing', lister: tar },
  { name: 'tar, bzip2 and xz', extensions: ['.tar.bz2', '.tbz2', '.tar.xz', '.txz'], view: 'listing', lister: bsdtarLister() },
  { name: 'gzip', extensions: ['.gz'], view: 'listing', lister: gzip },
  { name: '7z', extensions: ['.7z'], view: 'listing', lister: sevenZip },
  { name: 'RAR', extensions: ['.rar'], view: 'listing', lister: rar },
  { name: 'e-mail', extensions: ['.eml'], view: 'listing', lister: eml },
  { name: 'Outlook message', extensions: ['.msg'], view: 'listing', lister: msg },
  // Audio and video: the browser's player, by ranges; others transcoded once (facility/media/).
  { name: 'MP4 and QuickTime', extensions: ['.mp4', '.m4v', '.mov', '.m4a'], view: 'media', plays: 'mov' },
  { name: 'WebM', extensions: ['.webm'], view: 'media', plays: 'webm' },
  { name: 'MP3', extensions: ['.mp3'], view: 'media', plays: 'mp3' },
  { name: 'WAV', extensions: ['.wav'], view: 'media', plays: 'wav' },
  { name: 'Ogg', extensions: ['.ogg', '.oga'], view: 'media', plays: 'ogg' },
  { name: 'FLAC', extensions: ['.flac'], view: 'media', plays: 'flac' },
  { name: 'video to transcode', extensions: ['.avi', '.mkv', '.flv', '.wmv', '.3gp'], view: 'media' },
  { name: 'audio to transcode', extensions: ['.wma', '.amr'], view: 'media' },
];

const BY_EXTENSION = new Map(
  FORMATS.flatMap((format) => format.extensions.map((ext) => [ext, format] as const)),
);

/**
 * The extension of the table that ends a name (lower case): the longest (`.tar.gz` before `.gz`),
 * a leading dot not starting one, as `path.extname` reads names.
 */
export function extensionOf(name: string): string | undefined {
  const base = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
  for (let dot = base.indexOf('.', 1); dot > 0; dot = base.indexOf('.', dot + 1)) {
    if (BY_EXTENSION.has(base.slice(dot))) return base.slice(dot);
  }
  return undefined;
}

/** The format a name's extension names; undefined when no entry's does. */
export function formatOf(name: string): Format | undefined {
  const ext = extensionOf(name);
  return ext === undefined ? undefined : BY_EXTENSION.get(ext);
}

/** The format a file's first KB shows, for a name no extension of the table names. */
export function formatOfContent(head: Uint8Array): Format | undefined {
  return FORMATS.find((format) => format.magic?.(head) === true);
}

/** Served as it is: a PDF by its name (the sources read such a file's page 1 early). */
export function servedAsIs(name: string): boolean {
  const format = formatOf(name);
  return format?.view === 'pages' && format.converter === undefined;
}
