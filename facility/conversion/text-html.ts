/**
 * Markdown and code as the HTML LibreOffice's Writer imports and prints (docs/server.md,
 * "Formats"). The document's text is only ever escaped into it: Markdown's raw HTML is off, an
 * image is its alt text (nothing is fetched, decision 2026-11-28-more-formats), and highlight.js
 * escapes the code it marks up.
 */
import hljs from 'highlight.js';
import MarkdownIt from 'markdown-it';

/** A monospace face with Latin glyphs, then one with CJK (the fonts named in README). */
const MONO = "'DejaVu Sans Mono', 'WenQuanYi Zen Hei Mono', monospace";
const SANS = "'DejaVu Sans', 'WenQuanYi Zen Hei', sans-serif";

/** highlight.js's GitHub colours, as the CSS LibreOffice's HTML import reads (colour, weight). */
const CODE_STYLE = `
pre { font-family: ${MONO}; font-size: 9pt; }
code { font-family: ${MONO}; }
.ln { color: #9a9a9a; }
.hljs-keyword, .hljs-meta .hljs-keyword, .hljs-doctag, .hljs-template-tag, .hljs-type { color: #d73a49; }
.hljs-title, .hljs-title.class_, .hljs-title.function_ { color: #6f42c1; }
.hljs-attr, .hljs-attribute, .hljs-literal, .hljs-meta, .hljs-number, .hljs-operator, .hljs-variable, .hljs-selector-attr, .hljs-selector-class, .hljs-selector-id { color: #005cc5; }
.hljs-regexp, .hljs-string, .hljs-meta .hljs-string { color: #032f62; }
.hljs-built_in, .hljs-symbol { color: #e36209; }
.hljs-comment, .hljs-code, .hljs-formula { color: #6a737d; }
.hljs-name, .hljs-quote, .hljs-selector-tag, .hljs-selector-pseudo { color: #22863a; }
.hljs-section { color: #005cc5; font-weight: bold; }
`;

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(style: string, body: string): string {
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><style>${style}</style></head><body>${body}</body></html>\n`;
}

/**
 * highlight.js's markup with every line standing alone: a span open at a line's end (a comment
 * over several lines) is closed there and opened again on the next, so each line can carry its
 * number.
 */
function lines(highlighted: string): string[] {
  const open: string[] = [];
  return highlighted.split('\n').map((line) => {
    const start = open.join('');
    for (const [tag] of line.matchAll(/<span[^>]*>|<\/span>/g)) {
      if (tag === '</span>') open.pop();
      else open.push(tag);
    }
    return start + line + '</span>'.repeat(open.length);
  });
}

function highlight(code: string, language: string | undefined): string {
  if (language !== undefined && hljs.getLanguage(language) !== undefined) {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  }
  return escapeHtml(code);
}

/** Code, highlighted, each line numbered. */
export function codeHtml(code: string, language: string): string {
  const numbered = lines(highlight(code.replace(/\r\n?/g, '\n'), language));
  const width = String(numbered.length).length;
  const body = numbered
    .map((line, index) => `<span class="ln">${String(index + 1).padStart(width)} </span>${line}`)
    .join('\n');
  return page(CODE_STYLE, `<pre>${body}</pre>`);
}

const markdown = new MarkdownIt({
  html: false,
  linkify: false,
  highlight: (code, language) => highlight(code, language === '' ? undefined : language),
});
// An image is its alt text: LibreOffice would fetch a remote one (decision 2026-11-28-more-formats).
markdown.renderer.rules.image = (tokens, index) => {
  const alt = tokens[index]?.children?.map((child) => child.content).join('') ?? '';
  return alt === '' ? '' : `[${escapeHtml(alt)}]`;
};

// Writer's HTML import draws a table's borders from the attribute, not from CSS.
markdown.renderer.rules.table_open = () => '<table border="1" cellspacing="0" cellpadding="4">\n';

const MARKDOWN_STYLE = `
body { font-family: ${SANS}; font-size: 11pt; }
table { border-collapse: collapse; }
th, td { border: 1px solid #999999; padding: 2pt 4pt; }
${CODE_STYLE}`;

export function markdownHtml(text: string): string {
  return page(MARKDOWN_STYLE, markdown.render(text));
}
