/**
 * A workbook's shared strings (`xl/sharedStrings.xml`) read only as far as they are needed
 * (docs/decisions/2026-12-07-sheet-first-screen-and-jump.md): a workbook writes them in the order
 * of their first use, so the first rows need the table's head, not its hundred thousand entries.
 * The part stays open between a pool thread's tasks (its own zip handle) and is read on when a
 * later block, a sheet's tail or a search needs more. Bounded as before: a table past
 * SHEET_LIMITS' strings or characters is refused when the reading gets there.
 */
import type { Readable } from 'node:stream';
import { SHEET_LIMITS, SheetError } from './sheet-types.ts';
import { xmlFeed } from './xml-stream.ts';
import type { XmlFeed } from './xml-stream.ts';
import { openParts, partStream } from './zip-parts.ts';
import type { Parts } from './zip-parts.ts';

const PART = 'xl/sharedStrings.xml';

export interface SharedStrings {
  /** The strings read so far, by index. */
  readonly strings: readonly string[];
  /** Reads on until string `index` is known or the table has ended (Infinity: to its end). */
  readTo: (index: number) => Promise<void>;
  close: () => void;
}

/** The table of `file`, nothing of it read yet (an empty one when the workbook has none). */
export async function openSharedStrings(file: string): Promise<SharedStrings> {
  const strings: string[] = [];
  let parts: Parts | undefined = await openParts(file);
  let chunks: AsyncIterator<unknown> | undefined;
  let failed: Error | undefined;
  let feed: XmlFeed | undefined;

  const close = () => {
    parts?.close();
    parts = undefined;
    chunks = undefined;
  };
  if (!parts.entries.has(PART)) close();

  const started = (open: Parts): Promise<AsyncIterator<unknown>> =>
    // Two bytes of XML at least per character kept: the inflated size bounds the characters.
    partStream(open, PART, SHEET_LIMITS.sharedChars * 4).then((stream: Readable) => {
      feed = stringsFeed(strings);
      return stream[Symbol.asyncIterator]();
    });

  return {
    strings,
    close,
    readTo: async (index) => {
      if (failed !== undefined) throw failed;
      try {
        while (parts !== undefined && strings.length <= index) {
          chunks ??= await started(parts);
          const next = await chunks.next();
          if (next.done === true) {
            feed?.close();
            close();
          } else feed?.write(String(next.value));
        }
      } catch (error) {
        failed = error instanceof Error ? error : new SheetError('unreadable', String(error));
        close();
        throw error;
      }
    },
  };
}

/** The table's XML as strings pushed to `strings`, each cut at a cell's length, the lot capped. */
function stringsFeed(strings: string[]): XmlFeed {
  let chars = 0;
  let current = '';
  let inText = false;
  let phonetic = false;
  return xmlFeed({
    open: (element) => {
      if (element === 'si') current = '';
      else if (element === 't') inText = !phonetic;
      else if (element === 'rPh') phonetic = true;
    },
    text: (text) => {
      if (inText && current.length < SHEET_LIMITS.cellText) current += text;
    },
    close: (element) => {
      if (element === 't') inText = false;
      else if (element === 'rPh') phonetic = false;
      else if (element === 'si') {
        const kept = current.slice(0, SHEET_LIMITS.cellText);
        chars += kept.length;
        if (strings.length >= SHEET_LIMITS.sharedStrings || chars > SHEET_LIMITS.sharedChars) {
          throw new SheetError('too_large', 'the shared strings table is too large to read');
        }
        strings.push(kept);
      }
    },
  });
}
