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

/**
 * Reads `source` through `handlers` until it ends or `stopped()` says enough (then the rest is
 * never inflated). Malformed XML is a SheetError.
 */
export async function readXml(
  source: Readable | string,
  handlers: XmlHandlers,
  stopped: () => boolean = () => false,
): Promise<void> {
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
  try {
    if (typeof source === 'string') {
      parser.write(source).close();
      return;
    }
    for await (const chunk of source) {
      parser.write(String(chunk));
      if (stopped()) {
        source.destroy();
        return;
      }
    }
    parser.close();
  } catch (error) {
    if (error instanceof SheetError) throw error;
    throw new SheetError('unreadable', `malformed XML: ${(error as Error).message.slice(0, 200)}`);
  }
}
