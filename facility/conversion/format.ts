/**
 * What an entry of the formats' table is (formats.ts; docs/decisions/2026-12-06-one-table-of-formats.md):
 * a format's names, how its content is recognised and checked, what it becomes and what makes it.
 * Types only, so a converter can name them without importing the table that names it.
 */
import type { Lister } from '../archives/listing.ts';
import type { Pool } from '../pool/pool.ts';
import type { LibreOffice } from './libreoffice.ts';

/** How the converter is to read a file whose name may not tell its content. */
export interface Reading {
  /** The extension the content is read as (LibreOffice picks its import filter by it). */
  ext: string;
  /** LibreOffice's `--infilter`, when the extension does not pick the right one. */
  infilter?: string | undefined;
  /** Markup whose outside references are dropped before LibreOffice reads it (references.ts). */
  markup?: 'xml' | 'html' | undefined;
}

/** What a header check knows besides the bytes. */
export interface CheckContext {
  /** The name's extension, lower case. */
  ext: string;
  /** Images declaring more pixels are refused. */
  maxImagePixels: number;
}

/**
 * Looks at the content before any converter sees it: throws a ConversionError (`unsupported`,
 * `too_large`) to refuse it, or returns how it is to be read when that is not as its name says
 * (undefined: as named).
 */
export type HeaderCheck = (
  bytes: Uint8Array,
  context: CheckContext,
) => Partial<Reading> | undefined;

/** One conversion's job, as the dispatcher (convert.ts) hands it to a converter. */
export interface ConvertJob {
  /** The content, as hashed and checked, written in `work` as `input<reading.ext>`. */
  input: string;
  reading: Reading;
  /** The job's own folder, removed after it. */
  work: string;
  /** Where the PDF is to be written. */
  output: string;
  /** A spreadsheet printing its cell grid (the policy's `gridLine`, a `sheet` format). */
  grid: boolean;
  /** What to write: the PDF, or (a `grid: 'normalised'` format) the spreadsheet as an `.xlsx`. */
  to: 'pdf' | 'xlsx';
  pool: Pool;
  libreOffice: LibreOffice;
  maxImagePixels: number;
}

/** A way of making a format's pages: one file in converters/. */
export interface FormatConverter {
  /** What the converter runs on: LibreOffice's jobs wait for it to be installed (`503`). */
  uses: 'libreoffice' | 'pool';
  /**
   * Milliseconds in the server's own pool: answered at once, never polled, never queued to a
   * worker.
   */
  atOnce?: true;
  /** Writes the PDF to `job.output`; throws ConversionError. */
  convert: (job: ConvertJob) => Promise<void>;
}

/** What an entry is common to every view. */
interface FormatBase {
  /** Its name, in tests and logs. */
  name: string;
  /** Lower case, with their dot; one may have several (`.tar.gz`): the longest that ends a name wins. */
  extensions: readonly string[];
  /** Recognises the format by its first KB when no entry's extension names the file. */
  magic?: (head: Uint8Array) => boolean;
  /** Checks the content before it is converted. */
  check?: HeaderCheck;
  /** A spreadsheet: the policy's `gridLine` prints its cell grid (sheet-grid.ts). */
  sheet?: true;
  /**
   * Shown as a grid of rows (facility/sheets/) when the server shows sheets as grids
   * (`SHEET_VIEW`, docs/server.md "Sheets"); its PDF still prints it. `read`: read streaming as
   * it is (`.xlsx`, `.csv`); `normalised`: saved once as an `.xlsx` by LibreOffice (cached by its
   * content hash, convert.ts), which is read so.
   */
  grid?: 'read' | 'normalised';
  /** Markup whose outside references are dropped before it is converted (references.ts). */
  markup?: 'xml' | 'html';
}

/**
 * What a format becomes. `pages`: a PDF the viewer shows with pdf.js, the file itself or what
 * `converter` makes of it. Another view (a listing of what an archive holds) is another member
 * of this union, with what makes it.
 */
export interface PagesFormat extends FormatBase {
  view: 'pages';
  /** What makes the PDF; none: the file is one and is served as it is. */
  converter?: FormatConverter;
}

/**
 * `listing`: what an archive or an e-mail holds, read from its own directory (facility/archives/,
 * docs/server.md "Archives and e-mail"); each entry opens as a document of its own.
 */
export interface ListingFormat extends FormatBase {
  view: 'listing';
  /** Lists the entries and extracts one of them (facility/archives/). */
  lister: Lister;
}

/**
 * `media`: audio or video the browser's own player plays by ranges (facility/media/,
 * docs/server.md "Audio and video"). `plays` names the container, as ffprobe names it, that is
 * served as it is when its streams are ones the browser decodes; anything else (and a format
 * without `plays`) is transcoded once by ffmpeg in the sandbox.
 */
export interface MediaFormat extends FormatBase {
  view: 'media';
  plays?: string;
}

export type Format = PagesFormat | ListingFormat | MediaFormat;
