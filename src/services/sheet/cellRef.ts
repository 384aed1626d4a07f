/** A1-style cell names: column letters (`A`…`XFD`) and a cell reference (`B200`), 0-based. */

export const MAX_COLUMNS = 16_384;
export const MAX_ROWS = 1_048_576;

/** 0 → `A`, 25 → `Z`, 26 → `AA`. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** `B200` (any case, `$` allowed) → row 199, column 1; undefined for anything else. */
export function parseCellRef(text: string): { r: number; c: number } | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?([1-9]\d{0,6})$/.exec(text.trim());
  if (!match) return undefined;
  let c = 0;
  for (const char of match[1].toUpperCase()) c = c * 26 + char.charCodeAt(0) - 64;
  const r = Number(match[2]) - 1;
  return c - 1 < MAX_COLUMNS && r < MAX_ROWS ? { r, c: c - 1 } : undefined;
}

export const cellName = (r: number, c: number): string => `${columnName(c)}${String(r + 1)}`;
