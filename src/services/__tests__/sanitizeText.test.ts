/** contracts §6: strings from the facility or a PDF are text — cleaned, capped, never HTML. */
import { sanitizeText, TEXT_LIMITS } from '../sanitizeText';

describe('sanitizeText', () => {
  it.each(['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', 'Q&amp;A &lt;b&gt;'])(
    'contracts §6 text: HTML is kept as literal text (%s)',
    (html) => {
      expect(sanitizeText(html, 300)).toBe(html);
    },
  );

  it.each([
    ['NUL and other C0 controls', 'a\u0000b\u0007c\u001bd', 'abcd'],
    ['DEL and C1 controls', 'a\u007fb\u0080c\u009bd', 'abcd'],
    ['bidi overrides U+202A–U+202E', 'a\u202ab\u202bc\u202cd\u202de\u202ef', 'abcdef'],
    ['bidi isolates U+2066–U+2069', 'a\u2066b\u2067c\u2068d\u2069e', 'abcde'],
    ['LRM/RLM and the Arabic letter mark', 'a\u200eb\u200fc\u061cd', 'abcd'],
    ['a reversed file extension (the classic spoof)', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['unpaired surrogates', 'a\ud800b\udc00c', 'abc'],
  ])('contracts §6 text: %s are removed', (_, input, expected) => {
    expect(sanitizeText(input, 300)).toBe(expected);
  });

  it('contracts §6 text: line breaks and tabs become single spaces, and the text is trimmed', () => {
    expect(sanitizeText('  Part\n\n2\tintro\r\n ', 300)).toBe('Part 2 intro');
  });

  it('keeps ordinary Unicode: accents, CJK, emoji with joiners', () => {
    const text = 'Résumé 年度报告 👩‍💻';
    expect(sanitizeText(text, 300)).toBe(text);
  });

  it.each([
    ['title', TEXT_LIMITS.title, 300],
    ['outline item', TEXT_LIMITS.outlineItem, 300],
    ['watermark text', TEXT_LIMITS.watermark, 200],
  ])('contracts §6 text: a %s is capped at %i code points, ending in …', (_, limit, expected) => {
    expect(limit).toBe(expected);
    const out = sanitizeText('x'.repeat(5000), limit);
    expect(Array.from(out)).toHaveLength(limit);
    expect(out.endsWith('…')).toBe(true);
    expect(sanitizeText('x'.repeat(limit), limit)).toBe('x'.repeat(limit));
  });

  it('counts code points, so the cap never splits an emoji', () => {
    const out = sanitizeText('😀'.repeat(10), 5);
    expect(out).toBe('😀😀😀😀…');
  });

  it.each([undefined, null, 42, {}, ['a']])('non-strings (%p) give an empty string', (value) => {
    expect(sanitizeText(value, 10)).toBe('');
  });
});
