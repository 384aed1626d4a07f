/**
 * Which formats the facility previews and how each becomes the viewable PDF (the list in
 * docs/server.md, "Formats"; decision 2026-11-28-more-formats), named by the extension.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';

/** What LibreOffice opens as it is (its import filter picked by the extension). */
export const OFFICE_EXTENSIONS = new Set([
  '.docx',
  '.doc',
  '.xlsx',
  '.xls',
  '.pptx',
  '.ppt',
  '.odt',
  '.ods',
  '.odp',
  '.rtf',
]);
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
/** Images LibreOffice Draw reads, so no image decoder has to be added to the server. */
const DRAWN_IMAGES = new Set(['.gif', '.webp', '.tiff', '.tif']);

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
  if (EMBEDDED_IMAGES.has(ext) || DRAWN_IMAGES.has(ext)) return 'image';
  if (TEXT_EXTENSIONS.has(ext)) return 'text';
  if (TABLE_EXTENSIONS.has(ext)) return 'table';
  if (MARKDOWN_EXTENSIONS.has(ext)) return 'markdown';
  if (Object.hasOwn(CODE_LANGUAGES, ext)) return 'code';
  return 'unknown';
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
