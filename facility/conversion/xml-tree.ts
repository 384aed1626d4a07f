/**
 * A package's XML part as a tree of elements named by their local name (`ofd:Page` is `Page`),
 * parsed by htmlparser2 in XML mode: a DOCTYPE is skipped, so no entity it declares is ever
 * expanded (only the five of XML and character references are), nothing it names is fetched.
 */
import { parseDocument } from 'htmlparser2';
import type { CDATA, ChildNode, Element, Text } from 'domhandler';

export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: readonly XmlElement[];
  /** Its text and child elements in document order. */
  content: readonly (XmlElement | string)[];
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The attribute by its local name, whatever its prefix (`xlink:href` is `href`). */
export function attribute(element: XmlElement | undefined, name: string): string | undefined {
  if (element === undefined) return undefined;
  if (name in element.attributes) return element.attributes[name];
  const key = Object.keys(element.attributes).find((key) => localName(key) === name);
  return key === undefined ? undefined : element.attributes[key];
}

function convert(element: Element): XmlElement {
  const children: XmlElement[] = [];
  const content: (XmlElement | string)[] = [];
  for (const node of element.children as ChildNode[]) {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const converted = convert(node as Element);
      children.push(converted);
      content.push(converted);
    } else if (node.type === 'text') {
      content.push((node as Text).data);
    } else if (node.type === 'cdata') {
      content.push((node as CDATA).children.map((c) => ('data' in c ? c.data : '')).join(''));
    }
  }
  return { name: localName(element.name), attributes: element.attribs, children, content };
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
  const document = parseDocument(
    decode(bytes),
    html ? { recognizeSelfClosing: true, recognizeCDATA: true } : { xmlMode: true },
  );
  const root = document.children.find((node) => node.type === 'tag');
  return root === undefined ? undefined : convert(root as Element);
}

/** The first child of that local name. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child of that local name. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** Every element of that local name under it, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const stack = [...element.children].reverse();
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    if (next.name === name) found.push(next);
    for (let at = next.children.length - 1; at >= 0; at -= 1) stack.push(next.children[at]);
  }
  return found;
}

/** Its text and its descendants', in document order. */
export function allText(element: XmlElement): string {
  return element.content.map((part) => (typeof part === 'string' ? part : allText(part))).join('');
}
