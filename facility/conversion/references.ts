/**
 * Drops what a markup document names outside itself before LibreOffice reads it (docs/server.md,
 * "Converters' sandbox"; decision 2026-12-06-converters-see-only-their-input): SVG, flat ODF and
 * HTML can name `file:///…` and `http://…` images, stylesheets, sections and fonts, and
 * LibreOffice's SVG import follows `<image xlink:href>` whatever its profile says. The sandbox
 * shows a converter nothing to fetch; this is the second layer, so neither is trusted alone.
 *
 * Kept: references inside the document (`#id`), raster images inlined as `data:`, and hyperlinks
 * (`<a href>`) to http(s) and mailto, which a PDF keeps as links and nothing fetches. Dropped:
 * every other URL attribute, CSS `url()` and `@import`, the DOCTYPE (its external entities; simple
 * internal ones, as Illustrator writes, are expanded first), processing instructions, comments,
 * scripts, event handlers, and the HTML elements that load things (`iframe`, `object`, `link`…).
 *
 * A pool task (pool-worker.ts): the parse of a large file does not run on the event loop.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { Parser } from 'htmlparser2';
import iconv from 'iconv-lite';
import { decodeText } from './text-decode.ts';

export interface ReferencesJob {
  input: string;
  output: string;
  /** How the input is parsed: XML (SVG, flat ODF) or HTML (Word's and Excel's web pages). */
  markup: 'xml' | 'html';
}

export interface CleanedReferences {
  /** How many references were dropped (the log says so). */
  dropped: number;
  /** Set when the file cannot be cleaned: it is refused, never converted as it was. */
  refused?: string;
}

/** Attributes that name something to load (their local name, after any prefix). */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'base',
  'background',
  'data',
  'poster',
  'action',
  'formaction',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'codebase',
  'archive',
  'classid',
  'usemap',
  'profile',
  'manifest',
  'cite',
]);
/** HTML elements dropped with what they hold: each runs or loads something. */
const DROPPED_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'base',
  'noscript',
]);
const HTML_VOID = new Set([
  ...['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source'],
  ...['track', 'wbr', 'basefont', 'bgsound', 'frame', 'keygen'],
]);
const RASTER_DATA = /^data:image\/(png|jpe?g|gif|webp|bmp);/i;
const LINK_SCHEMES = /^(https?:|mailto:)/i;
/** The internal subset's simple entities expanded: at most this many, each this long. */
const MAX_ENTITIES = 256;
const MAX_ENTITY_LENGTH = 4096;
/** The cleaned file may grow by expanded entities, never past this factor of the input. */
const MAX_GROWTH = 4;

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replaceAll('"', '&quot;');
}

/** CSS with escapes undone, every `url()` that is not internal made `none`, `@import` gone. */
export function cleanCss(css: string): { css: string; dropped: number } {
  let dropped = 0;
  // An escape could spell `url` or a scheme past the checks below: undone first.
  const plain = css.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/gs, (_, hex?: string, char?: string) => {
    if (hex === undefined) return char ?? '';
    const code = parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
  const cleaned = plain
    .replace(/@import[^;]*;?/gi, () => {
      dropped += 1;
      return '';
    })
    .replace(/url\(\s*(['"]?)(.*?)\1\s*\)/gis, (whole, _quote, target: string) => {
      if (internal(target)) return whole;
      dropped += 1;
      return 'none';
    });
  return { css: cleaned, dropped };
}

function internal(target: string): boolean {
  const value = target.trim();
  return value.startsWith('#') || RASTER_DATA.test(value);
}

/** Whether an attribute's value may stay: `element` is the local name it sits on. */
function allowedReference(element: string, value: string): boolean {
  return internal(value) || (element === 'a' && LINK_SCHEMES.test(value.trim()));
}

function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return (colon < 0 ? name : name.slice(colon + 1)).toLowerCase();
}

/**
 * The DOCTYPE taken out, its simple internal entities (`<!ENTITY ns "value">`, no reference
 * inside) expanded in the rest; external, parameter and nested entities are dropped, so an
 * undefined reference is left as text and nothing expands twice (no billion laughs).
 */
function withoutDoctype(text: string): { text: string; dropped: number } {
  const start = text.search(/<!DOCTYPE/i);
  if (start < 0) return { text, dropped: 0 };
  let end = text.indexOf('>', start);
  const bracket = text.indexOf('[', start);
  if (bracket >= 0 && (end < 0 || bracket < end)) {
    const close = text.indexOf(']', bracket);
    end = close < 0 ? -1 : text.indexOf('>', close);
  }
  if (end < 0) return { text: text.slice(0, start), dropped: 1 };
  const doctype = text.slice(start, end + 1);
  const entities = new Map<string, string>();
  let dropped = 1;
  for (const match of doctype.matchAll(
    /<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"&%<]*)"|'([^'&%<]*)')\s*>/g,
  )) {
    // An alternative that did not match is undefined, whatever the match's type says.
    const [, name = '', ...quoted]: (string | undefined)[] = [...match];
    const value = quoted.find((text) => text !== undefined) ?? '';
    if (entities.size < MAX_ENTITIES && value.length <= MAX_ENTITY_LENGTH) {
      entities.set(name, value);
    }
  }
  dropped += (doctype.match(/<!ENTITY/g)?.length ?? 0) - entities.size;
  const rest = text.slice(0, start) + text.slice(end + 1);
  if (entities.size === 0) return { text: rest, dropped };
  return {
    text: rest.replace(/&([A-Za-z_][\w.-]*);/g, (whole, name: string) => {
      const value = entities.get(name);
      return value === undefined ? whole : escapeAttribute(value);
    }),
    dropped,
  };
}

/** The markup with every outside reference dropped (see the file's comment). */
export function cleanMarkup(
  source: string,
  markup: 'xml' | 'html',
): CleanedReferences & {
  text?: string;
} {
  const xml = markup === 'xml';
  const { text: input, dropped: doctypeDropped } = withoutDoctype(source);
  if (input.length > source.length * MAX_GROWTH + 1024 * 1024) {
    return { dropped: 0, refused: 'its entities expand past the size allowed' };
  }
  let dropped = doctypeDropped;
  const out: string[] = [];
  /** Depth inside a dropped element: nothing of it is written. */
  let skipping = 0;
  let inCdata = false;
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = localName(name);
        open.push(name);
        if (skipping > 0 || (DROPPED_ELEMENTS.has(element) && (!xml || element === 'script'))) {
          skipping += 1;
          dropped += 1;
          return;
        }
        let tag = `<${name}`;
        for (const [attribute, value] of Object.entries(attributes)) {
          const local = localName(attribute);
          if (local.startsWith('on')) {
            dropped += 1;
            continue;
          }
          if (URL_ATTRIBUTES.has(local) && !allowedReference(element, value)) {
            dropped += 1;
            continue;
          }
          let kept = value;
          // The cleaned copy is written as UTF-8 and says so.
          if (element === 'meta' && local === 'charset') kept = 'utf-8';
          if (element === 'meta' && local === 'content') {
            kept = kept.replace(/charset=[^;]*/i, 'charset=utf-8');
          }
          if (local === 'style' || /url\(|@import|\\/i.test(value)) {
            const css = cleanCss(value);
            kept = css.css;
            dropped += css.dropped;
          }
          tag += ` ${attribute}="${escapeAttribute(kept)}"`;
        }
        out.push(`${tag}>`);
      },
      onclosetag(name) {
        open.pop();
        if (skipping > 0) {
          skipping -= 1;
          return;
        }
        if (!xml && HTML_VOID.has(name.toLowerCase())) return;
        out.push(`</${name}>`);
      },
      ontext(text) {
        if (skipping > 0) return;
        const element = localName(open.at(-1) ?? '');
        if (element === 'style') {
          const css = cleanCss(text);
          dropped += css.dropped;
          out.push(inCdata ? css.css.replaceAll(']]>', '') : escapeText(css.css));
        } else {
          out.push(inCdata ? text.replaceAll(']]>', '') : escapeText(text));
        }
      },
      oncdatastart() {
        inCdata = true;
        if (skipping === 0) out.push('<![CDATA[');
      },
      oncdataend() {
        inCdata = false;
        if (skipping === 0) out.push(']]>');
      },
      onprocessinginstruction(name) {
        if (name.toLowerCase() === '?xml') {
          out.push('<?xml version="1.0" encoding="UTF-8"?>');
        } else if (name.toLowerCase() === '!doctype' && !xml) {
          out.push('<!DOCTYPE html>');
        } else {
          dropped += 1;
        }
      },
      oncomment() {
        dropped += 1;
      },
    },
    {
      xmlMode: xml,
      decodeEntities: true,
      recognizeCDATA: xml,
      recognizeSelfClosing: xml,
      lowerCaseTags: !xml,
      lowerCaseAttributeNames: !xml,
    },
  );
  parser.end(input);
  return { dropped, text: out.join('') };
}

/**
 * The markup as text: in the encoding it declares (`<?xml encoding=…?>`, a `charset=` near the
 * start) when that is one iconv-lite knows, else as text-decode.ts finds it (a GBK web page that
 * says nothing is still read as GBK). The cleaned copy is UTF-8 and declares that instead.
 */
export function decodeMarkup(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const declared =
    /<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(head)?.[1] ??
    /<meta[^>]*charset=["']?([\w.:-]+)/i.exec(head)?.[1];
  if (declared !== undefined && iconv.encodingExists(declared)) {
    return iconv.decode(Buffer.from(bytes), declared);
  }
  return decodeText(bytes).text;
}

/** The pool's task: the input cleaned into the output. */
export async function cleanReferences(job: ReferencesJob): Promise<CleanedReferences> {
  const result = cleanMarkup(decodeMarkup(await readFile(job.input)), job.markup);
  if (result.refused !== undefined || result.text === undefined) {
    return { dropped: result.dropped, refused: result.refused ?? 'it could not be read' };
  }
  await writeFile(job.output, result.text);
  return { dropped: result.dropped };
}
