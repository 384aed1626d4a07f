/**
 * The name a downloaded document is saved under (behaviour.md, "The facility's policy"): the document's title made safe as a
 * file name on every system a reader may save to, plus the extension of what is saved.
 *
 * The title comes from the facility or the PDF (untrusted; already cleaned by sanitizeText), so it
 * may hold path separators ("Q3/Q4"), characters Windows refuses (`:*?"<>|`), a reserved device
 * name (`CON`, `nul.txt`), leading dots (a hidden file) or trailing dots and spaces (dropped by
 * Windows), and be longer than a file system allows.
 */
import { parse as parseContentDisposition } from 'content-disposition';
import sanitizeFilename from 'sanitize-filename';

/** What is being saved: the PDF on screen, or the facility's original file (`isFcsDownload`). */
export type DownloadSource = 'viewed' | 'original';

export const FILE_NAME_LIMITS = {
  /** Code points of the title kept in the name. */
  baseChars: 100,
  /** UTF-8 bytes of the whole name: under the 255 of ext4, APFS and NTFS, with room to spare. */
  nameBytes: 240,
} as const;

/** A name for a document without a usable title. */
export const FALLBACK_BASE = 'document';

/** Separators and the characters Windows forbids become `_`, as browsers do. */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g;

/** A real extension: short, letters and digits only. */
const EXTENSION = /^[a-z0-9]{1,10}$/;

/**
 * The extension of common document types, for an original file whose answer named none. A type
 * not listed here gives no extension rather than a guess.
 */
const EXTENSION_BY_TYPE: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/rtf': 'rtf',
  'application/epub+zip': 'epub',
  'application/zip': 'zip',
  'application/ofd': 'ofd',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/html': 'html',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
  'image/webp': 'webp',
};

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Cuts whole code points off the end until the text fits in `maxBytes` of UTF-8. */
function fitBytes(text: string, maxBytes: number): string {
  const points = Array.from(text);
  while (points.length > 0 && utf8Bytes(points.join('')) > maxBytes) points.pop();
  return points.join('');
}

/** The title as a file name without extension; FALLBACK_BASE when nothing usable is left. */
export function fileBase(title: string, maxBytes: number = FILE_NAME_LIMITS.nameBytes): string {
  const replaced = title.replace(UNSAFE, '_').trim();
  const capped = Array.from(replaced).slice(0, FILE_NAME_LIMITS.baseChars).join('');
  // sanitize-filename: reserved names (`.`, `..`, CON, PRN, AUX, NUL, COM0-9, LPT0-9, with or
  // without an extension) become '', trailing dots and spaces go.
  const safe = sanitizeFilename(fitBytes(capped, maxBytes))
    .replace(/^[.\s]+/, '')
    .trim();
  // Removing leading dots can uncover a reserved name (".con"): check again.
  const base = sanitizeFilename(safe);
  return base === '' ? FALLBACK_BASE : base;
}

/** The extension of the file name a Content-Disposition header gives, if it gives one. */
export function extensionFromDisposition(header: string | null | undefined): string | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  let name: string | undefined;
  try {
    // `filename*` (RFC 8187, UTF-8) wins over the plain `filename`.
    // A parameter the header leaves out is absent, whatever the library's type says.
    const parameters: Partial<Record<string, string>> = parseContentDisposition(header).parameters;
    name = parameters.filename;
  } catch {
    return undefined;
  }
  if (name === undefined) return undefined;
  const last = name.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const extension = last.slice(dot + 1).toLowerCase();
  return EXTENSION.test(extension) ? extension : undefined;
}

/** The extension for a media type (`application/pdf; charset=x` → `pdf`), if known. */
export function extensionFromType(type: string | null | undefined): string | undefined {
  if (type === null || type === undefined) return undefined;
  const essence = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return EXTENSION_BY_TYPE[essence];
}

export interface FileNameInput {
  /** The document's title (docData.title). */
  title: string;
  source: DownloadSource;
  /** The download answer's Content-Disposition header. */
  contentDisposition?: string | null;
  /** The document's type as the facility described it (state.mimeType). */
  mimeType?: string;
  /** The download answer's Content-Type header. */
  contentType?: string | null;
}

/**
 * The saved file's name. The viewed PDF is always `.pdf`. The original takes the extension its
 * answer's Content-Disposition names, else the one of the document's mimeType, else of the
 * answer's Content-Type, else none. A title already ending in that extension is not given it twice.
 */
export function downloadFileName(input: FileNameInput): string {
  const extension =
    input.source === 'viewed'
      ? 'pdf'
      : (extensionFromDisposition(input.contentDisposition) ??
        extensionFromType(input.mimeType) ??
        extensionFromType(input.contentType));
  if (extension === undefined) return fileBase(input.title);
  const suffix = `.${extension}`;
  let base = fileBase(input.title, FILE_NAME_LIMITS.nameBytes - utf8Bytes(suffix));
  if (base.toLowerCase().endsWith(suffix) && base.length > suffix.length) {
    base = base.slice(0, -suffix.length);
  }
  return `${base}${suffix}`;
}
