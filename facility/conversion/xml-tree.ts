/**
 * A package's XML part as a tree of elements named by their local name (`ofd:Page` is `Page`),
 * parsed by htmlparser2 in XML mode: a DOCTYPE is skipped, so no entity it declares is ever
 * expanded (only the five of XML and character references are), nothing it names is fetched.
 */
import { Parser } from 'htmlparser2';

export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: readonly XmlElement[];
  /** Its text and child elements in document order. */
  content: readonly (XmlElement | string)[];
}

interface Building {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  content: (XmlElement | string)[];
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The attribute by its local name, whatever its prefix (`xlink:href` is `href`). */
export function attribute(element: XmlElement | undefined, name: string): string | undefined {
  if (element === undefined) return undefined;
  if (name in element.attributes) return element.attributes[name];
  const key = Object.keys(element.attributes).find((key) => localName(key) === name);
  return key === undefined ? undefined : element.attributes[key];
}

/** The encoding the XML declaration names, else UTF-8 (as XML says without one). */
function decode(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const named = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.-]+)["']/i.exec(head)?.[1];
  try {
    return new TextDecoder(named ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * The document element of an XML part; undefined when it has none. `html`: read as HTML (an
 * EPUB's XHTML, whose HTML entities such as `&nbsp;` are then decoded), names in lower case.
 */
export function parseXml(bytes: Uint8Array, html = false): XmlElement | undefined {
  let root: XmlElement | undefined;
  const open: Building[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element: Building = { name: localName(name), attributes, children: [], content: [] };
        const parent = open.at(-1);
        if (parent === undefined) root ??= element;
        else {
          parent.children.push(element);
          parent.content.push(element);
        }
        open.push(element);
      },
      ontext(text) {
        open.at(-1)?.content.push(text);
      },
      onclosetag() {
        open.pop();
      },
    },
    html ? { recognizeSelfClosing: true, recognizeCDATA: true } : { xmlMode: true },
  );
  parser.end(decode(bytes));
  return root;
}

/** The first child of that local name. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child of that local name. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** Every element of that local name (any, without one) under it, in document order. */
export function descendants(element: XmlElement, name?: string): XmlElement[] {
  const found: XmlElement[] = [];
  const stack = [...element.children].reverse();
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    if (name === undefined || next.name === name) found.push(next);
    for (let at = next.children.length - 1; at >= 0; at -= 1) stack.push(next.children[at]);
  }
  return found;
}

/** Its text and its descendants', in document order. */
export function allText(element: XmlElement | undefined): string {
  if (element === undefined) return '';
  return element.content.map((part) => (typeof part === 'string' ? part : allText(part))).join('');
}
