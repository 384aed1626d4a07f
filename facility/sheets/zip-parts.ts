/**
 * A workbook's parts (`.xlsx` is a zip of XML parts) read with `yauzl`, never whole: the central
 * directory first, then one part inflated as a stream, bounded by the size its entry declares
 * (yauzl checks the inflated bytes against it), so a part that would inflate to gigabytes is
 * refused before a byte of it is inflated (docs/decisions/2026-12-06-sheet-view.md).
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { SheetError } from './sheet-types.ts';

/** A workbook has a few dozen parts; more is not a workbook. */
const MAX_PARTS = 10_000;

export interface Parts {
  /** By name, as the zip names them (`xl/workbook.xml`). */
  entries: Map<string, Entry>;
  zip: ZipFile;
  close: () => void;
}

export function openParts(file: string): Promise<Parts> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error) {
        reject(new SheetError('unreadable', `not a workbook: ${error.message}`));
        return;
      }
      const entries = new Map<string, Entry>();
      zip.on('entry', (entry: Entry) => {
        if (entries.size >= MAX_PARTS) {
          zip.close();
          reject(new SheetError('too_large', `more than ${String(MAX_PARTS)} parts`));
          return;
        }
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once('end', () => {
        resolve({
          entries,
          zip,
          close: () => {
            zip.close();
          },
        });
      });
      zip.once('error', (zipError: Error) => {
        reject(new SheetError('unreadable', `not a workbook: ${zipError.message}`));
      });
      zip.readEntry();
    });
  });
}

/** A part inflating, as text; refused when it declares more than `maxBytes`. */
export function partStream(parts: Parts, name: string, maxBytes: number): Promise<Readable> {
  const entry = parts.entries.get(name);
  if (entry === undefined) {
    return Promise.reject(new SheetError('unreadable', `the workbook has no ${name}`));
  }
  if (entry.uncompressedSize > maxBytes) {
    return Promise.reject(
      new SheetError(
        'too_large',
        `${name} inflates to ${String(entry.uncompressedSize)} bytes (at most ${String(maxBytes)})`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    parts.zip.openReadStream(entry, (error, stream) => {
      if (error) {
        reject(new SheetError('unreadable', `${name}: ${error.message}`));
        return;
      }
      stream.setEncoding('utf8');
      resolve(stream);
    });
  });
}

/** A part whole, as text (a small one: the workbook, its styles, relationships). */
export async function partText(
  parts: Parts,
  name: string,
  maxBytes: number,
): Promise<string | undefined> {
  if (!parts.entries.has(name)) return undefined;
  const stream = await partStream(parts, name, maxBytes);
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}
