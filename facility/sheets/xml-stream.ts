/**
 * A workbook part's XML read as events with `saxes` (strict XML, no DTD processing: an entity the
 * document defines itself, as the "billion laughs" do, is an error, never expanded, and an
 * external one is never fetched). Element names lose their namespace prefix (`x:row` is `row`).
 */
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { SheetError } from './sheet-types.ts';

/** An element's attributes by name; any may be missing, whatever the schema says. */
export type Attributes = Readonly<Partial<Record<string, string>>>;

export interface XmlHandlers {
  open?: (name: string, attributes: Attributes) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** Malformed XML, or a handler's own refusal, as the SheetError the reader answers. */
function asSheetError(error: unknown): SheetError {
  if (error instanceof SheetError) return error;
  return new SheetError('unreadable', `malformed XML: ${(error as Error).message.slice(0, 200)}`);
}

/** A parser fed text as it comes, for a reader that pauses between chunks (shared strings). */
export interface XmlFeed {
  write: (text: string) => void;
  close: () => void;
}

export function xmlFeed(handlers: XmlHandlers): XmlFeed {
  const parser = new SaxesParser();
  const { open, close, text } = handlers;
  if (open) {
    parser.on('opentag', (tag) => {
      open(localName(tag.name), tag.attributes);
    });
  }
  if (close) {
    parser.on('closetag', (tag) => {
      close(localName(tag.name));
    });
  }
  if (text) parser.on('text', text);
  return {
    write: (chunk) => {
      try {
        parser.write(chunk);
      } catch (error) {
        throw asSheetError(error);
      }
    },
    close: () => {
      try {
        parser.close();
      } catch (error) {
        throw asSheetError(error);
      }
    },
  };
}

/**
 * Reads `source` through `handlers` until it ends or `stopped()` says enough (then the rest is
 * never inflated). Malformed XML is a SheetError.
 */
export async function readXml(
  source: Readable | string,
  handlers: XmlHandlers,
  stopped: () => boolean = () => false,
): Promise<void> {
  const feed = xmlFeed(handlers);
  if (typeof source === 'string') {
    feed.write(source);
    feed.close();
    return;
  }
  try {
    for await (const chunk of source) {
      feed.write(String(chunk));
      if (stopped()) {
        source.destroy();
        return;
      }
    }
    feed.close();
  } catch (error) {
    throw asSheetError(error);
  }
}
