/**
 * An e-mail's HTML body made safe to show (docs/server.md, "Archives and e-mail"): an allow-list
 * of tags and attributes rebuilt from htmlparser2's reading, so nothing runs and nothing remote is
 * fetched — no script, style sheet, frame, form or event attribute; a `style` attribute only when
 * it names no URL; an image only from a `data:` URL or the message's own inline part (`cid:`),
 * which becomes a `data:` URL, all of them within a byte budget; links kept as text targets
 * (http, https, mailto) that the viewer's sandboxed frame never follows on its own.
 */
import { Parser } from 'htmlparser2';

const ALLOWED = new Set([
  'a',
  'abbr',
  'address',
  'b',
  'bdi',
  'bdo',
  'big',
  'blockquote',
  'br',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'tt',
  'u',
  'ul',
]);
/** Whose content is dropped with them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'select',
  'textarea',
  'title',
  'head',
]);
const VOID = new Set(['br', 'hr', 'img', 'col']);
const ATTRIBUTES = new Set([
  'align',
  'alt',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
  'color',
  'colspan',
  'dir',
  'face',
  'height',
  'href',
  'lang',
  'rowspan',
  'size',
  'src',
  'style',
  'title',
  'valign',
  'width',
]);
const SAFE_LINK = /^(https?:|mailto:)/i;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|bmp);base64,[a-z0-9+/=\s]*$/i;
/**
 * A style naming a URL (`url(`, `image-set(`, `src(`), an expression or an import could fetch or
 * run something; a backslash could spell any of them in a CSS escape (`u\72l(`).
 */
const UNSAFE_STYLE =
  /url\s*\(|image-set\s*\(|src\s*\(|expression\s*\(|@import|javascript:|behavior\s*:|-moz-binding|\\/i;

/** The images inline parts hold, by Content-ID (without `<>`), as data: URLs. */
export type InlineImages = Map<string, string>;

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;',
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) =>
    char === '&' ? '&amp;' : char === '"' ? '&quot;' : char === '<' ? '&lt;' : '&gt;',
  );
}

/** `html` with only what is allowed; images within `maxImageBytes` of data: URLs in all. */
export function sanitizeMailHtml(
  html: string,
  inline: InlineImages,
  maxImageBytes: number,
): string {
  const out: string[] = [];
  let dropping = 0;
  let imageBytes = 0;

  function imageSource(src: string): string | undefined {
    const value = src.trim();
    const data = value.toLowerCase().startsWith('cid:')
      ? inline.get(value.slice(4).replace(/^<|>$/g, ''))
      : DATA_IMAGE.test(value)
        ? value
        : undefined;
    if (data === undefined || imageBytes + data.length > maxImageBytes) return undefined;
    imageBytes += data.length;
    return data;
  }

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (DROPPED_WITH_CONTENT.has(name)) {
          if (!VOID.has(name)) dropping += 1;
          return;
        }
        if (dropping > 0 || !ALLOWED.has(name)) return;
        const kept: string[] = [];
        for (const [key, raw] of Object.entries(attributes)) {
          const attribute = key.toLowerCase();
          if (!ATTRIBUTES.has(attribute)) continue;
          let value: string | undefined = raw;
          if (attribute === 'href')
            value = name === 'a' && SAFE_LINK.test(raw.trim()) ? raw.trim() : undefined;
          else if (attribute === 'src') value = name === 'img' ? imageSource(raw) : undefined;
          else if (attribute === 'style' && UNSAFE_STYLE.test(raw)) value = undefined;
          if (value !== undefined) kept.push(` ${attribute}="${escapeAttribute(value)}"`);
        }
        if (name === 'img' && !kept.some((attribute) => attribute.startsWith(' src='))) {
          // A remote or missing image: its alt text stands in, nothing is fetched.
          const alt = attributes.alt;
          if (alt) out.push(`[${escapeText(alt)}]`);
          return;
        }
        if (name === 'a') kept.push(' rel="noopener noreferrer" target="_blank"');
        out.push(`<${name}${kept.join('')}>`);
      },
      ontext(text) {
        if (dropping === 0) out.push(escapeText(text));
      },
      onclosetag(name, implied) {
        if (DROPPED_WITH_CONTENT.has(name)) {
          if (!VOID.has(name)) dropping = Math.max(0, dropping - 1);
          return;
        }
        if (dropping > 0 || !ALLOWED.has(name) || VOID.has(name)) return;
        if (!implied || name !== 'img') out.push(`</${name}>`);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return out.join('');
}
