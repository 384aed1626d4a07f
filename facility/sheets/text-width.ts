/**
 * How wide a text is drawn in the grid's cell font (14 px system-ui, src/components/Sheet/
 * Sheet.css), estimated on the server from its characters: a table of text has no widths of its
 * own, so its columns are sized by their first rows' text (csv-read.ts). 7 px a character, the
 * width of Excel's default font, cut a date like `2026-12-07` at its cell's edge: digits and
 * Latin letters are ≈ 8 px in that font, wide (CJK, full-width) characters 14 px.
 */

/** East Asian wide and full-width characters (Hangul, CJK, kana, full-width forms). */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
/** The cell's padding and border (3 px each side, 1 px border) and a little room. */
const CELL_CHROME = 12;
const NARROW_PX = 8;
const WIDE_PX = 14;

/** The pixels a cell needs to show `text` on one line, without the cap its caller applies. */
export function shownWidth(text: string, cap: number): number {
  let px = CELL_CHROME;
  for (const char of text) {
    px += WIDE.test(char) ? WIDE_PX : NARROW_PX;
    if (px >= cap) return cap;
  }
  return px;
}
