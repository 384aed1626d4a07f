/**
 * Strings from the facility or a PDF (title, outline, watermark, file name) are untrusted text
 * (contracts §6). They are only ever rendered as text — HTML stays literal, React escapes it — so
 * what is removed here is what text rendering cannot defend against: control characters, bidi
 * overrides that make a title read differently than it is stored, broken surrogates, and length.
 */

/** Limits by kind of text, in code points. */
export const TEXT_LIMITS = {
  title: 300,
  outlineItem: 300,
  watermark: 200,
  htmlName: 255,
  /** A facility's reason for a failed conversion. */
  reason: 500,
} as const;

/** Line breaks and tabs become a space, so "Part\n2" stays two words. */
const WHITESPACE_CONTROLS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * C0 (U+0000–U+001F), DEL, C1 (U+0080–U+009F); bidi embeddings and overrides (U+202A–U+202E),
 * isolates (U+2066–U+2069), the LRM/RLM marks (U+200E, U+200F) and the Arabic letter mark (U+061C).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const REMOVED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A surrogate without its pair is not text; it also makes encodeURIComponent throw. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ELLIPSIS = '…';

/**
 * What text rendering cannot defend against, taken out and nothing else: whitespace controls
 * become a space; other controls, bidi controls and lone surrogates go. Spacing and length stay,
 * for callers (search snippets) whose offsets must match the text.
 */
export function stripInvisible(text: string): string {
  return text.replace(WHITESPACE_CONTROLS, ' ').replace(REMOVED, '').replace(LONE_SURROGATE, '');
}

/**
 * Cleans one untrusted string: whitespace controls → space, other controls and bidi controls
 * removed, runs of spaces collapsed, trimmed, then capped at `max` code points (a cut string ends
 * with "…" within the cap, so a reader can tell it was cut). Non-strings give ''.
 */
export function sanitizeText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  // Bound the work first: a string far beyond the cap cannot matter past its first part.
  const bounded = value.length > max * 8 ? value.slice(0, max * 8) : value;
  const clean = stripInvisible(bounded).replace(/ {2,}/g, ' ').trim();
  // No more UTF-16 units than the cap: no more code points either, nothing to count.
  if (clean.length <= max) return clean;
  const points = Array.from(clean);
  if (points.length <= max) return clean;
  return `${points
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}
