/**
 * Text, tables of text, Markdown and code made ready for LibreOffice (docs/server.md, "Formats"):
 * decoded to UTF-8 whatever they arrived in (text-decode.ts), and told which import filter reads
 * them, so LibreOffice never guesses an encoding from the server's locale. A pool task
 * (pool-worker.ts): decoding and highlighting a large file is not done on the event loop.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CODE_LANGUAGES } from './code-languages.ts';
import { tableDelimiter } from './table-delimiter.ts';
import { decodeText } from './text-decode.ts';
import { codeHtml, markdownHtml } from './text-html.ts';

export type TextKind = 'text' | 'table' | 'markdown' | 'code';

export interface TextJob {
  input: string;
  kind: TextKind;
  ext: string;
  /** Where the prepared file is written, as `<name>.txt`, `.csv` or `.html`. */
  outDir: string;
  name: string;
}

export interface PreparedText {
  file: string;
  /** LibreOffice's `--infilter`. */
  infilter: string;
  /** The encoding the input was read as. */
  encoding: string;
  /** Set when the file is not made pages of, and why (a table too long to print). */
  refused?: string;
}

/**
 * Rows of a table made pages of: LibreOffice took 120 s and 930 MB on a million and was stopped;
 * 100 000 rows are about 2 000 pages, converted in well under its time limit (docs/server.md,
 * "Limits").
 */
export const MAX_TABLE_ROWS = 100_000;

/** Lines of `text`, counted up to `limit + 1` (a quoted field's line breaks count too). */
function linesUpTo(text: string, limit: number): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0 && lines <= limit; at = text.indexOf('\n', at + 1)) {
    lines += 1;
  }
  return lines;
}

/** Calc's CSV options: delimiter, `"` quotes, UTF-8 (76), from line 1 (the header kept as a row). */
function csvFilter(delimiter: string): string {
  return `CSV:${String(delimiter.charCodeAt(0))},34,76,1`;
}

export async function prepareText(job: TextJob): Promise<PreparedText> {
  const { text, encoding } = decodeText(await readFile(job.input));
  const write = async (ext: string, content: string, infilter: string) => {
    const file = path.join(job.outDir, job.name + ext);
    await writeFile(file, content);
    return { file, infilter, encoding };
  };
  switch (job.kind) {
    case 'text':
      return write('.txt', text, 'Text (encoded):UTF8,LF');
    case 'table':
      if (linesUpTo(text.trimEnd(), MAX_TABLE_ROWS) > MAX_TABLE_ROWS) {
        return {
          file: job.input,
          infilter: '',
          encoding,
          refused: `the table has more than ${MAX_TABLE_ROWS.toLocaleString('en')} rows: too many to make pages of`,
        };
      }
      return write('.csv', text, csvFilter(tableDelimiter(text, job.ext)));
    case 'markdown':
      return write('.html', markdownHtml(text), 'HTML (StarWriter)');
    case 'code':
      return write(
        '.html',
        codeHtml(text, CODE_LANGUAGES[job.ext] ?? 'plaintext'),
        'HTML (StarWriter)',
      );
  }
}
