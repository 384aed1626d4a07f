/**
 * A workbook's `styles.xml` read into the cell styles the grid draws (fonts, fills, borders,
 * alignment) and the number format of each cell format (`cellXfs`), by index as cells name them.
 * Colours: `rgb` as written; `theme` from the default Office theme and `indexed` from the first
 * entries of the legacy palette (a file's own theme part is not read: its colours are the
 * default's in most files), a `tint` blended toward white or black.
 */
import SSF from 'ssf';
import type { CellStyle } from './sheet-types.ts';
import { readXml } from './xml-stream.ts';
import type { Attributes } from './xml-stream.ts';

/** The default Office theme, in the order `theme="n"` counts (light 1 and dark 1 swapped). */
/* prettier-ignore */
const THEME = ['FFFFFF', '000000', 'E7E6E6', '44546A', '4472C4', 'ED7D31', 'A5A5A5', 'FFC000',
  '5B9BD5', '70AD47', '0563C1', '954F72'];
/** The legacy palette's fixed colours (indexed 0–15; 64 and 65 are the system's black and white). */
/* prettier-ignore */
const INDEXED: Readonly<Record<number, string>> = {
  0: '000000', 1: 'FFFFFF', 2: 'FF0000', 3: '00FF00', 4: '0000FF', 5: 'FFFF00', 6: 'FF00FF',
  7: '00FFFF', 8: '000000', 9: 'FFFFFF', 10: 'FF0000', 11: '00FF00', 12: '0000FF', 13: 'FFFF00',
  14: 'FF00FF', 15: '00FFFF', 64: '000000', 65: 'FFFFFF',
};

/** A cell format's `cellXfs` at most: a file with more is not a real workbook. */
const MAX_FORMATS = 65_536;

function tinted(hex: string, tint: number): string {
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16);
    const out = tint < 0 ? value * (1 + tint) : value + (255 - value) * tint;
    return Math.round(Math.min(255, Math.max(0, out)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(2)}${channel(4)}`;
}

/** `#rrggbb` of a `<color>`-like element's attributes, or undefined (auto, or unknown). */
export function colorOf(attributes: Attributes): string | undefined {
  let hex: string | undefined;
  const { rgb, theme, indexed, tint } = attributes;
  if (rgb !== undefined && /^[0-9a-f]{6,8}$/i.test(rgb)) hex = rgb.slice(-6);
  else if (theme !== undefined) hex = THEME[Number(theme)];
  else if (indexed !== undefined) hex = INDEXED[Number(indexed)];
  if (hex === undefined) return undefined;
  const by = Number(tint ?? 0);
  return tinted(hex.toLowerCase(), Number.isFinite(by) ? Math.max(-1, Math.min(1, by)) : 0);
}

type Font = Pick<CellStyle, 'bold' | 'italic' | 'underline' | 'strike' | 'color' | 'size' | 'font'>;
type Border = NonNullable<CellStyle['border']>;
const SIDES = ['top', 'right', 'bottom', 'left'] as const;
type Side = (typeof SIDES)[number];

/* prettier-ignore */
const ALIGN: Readonly<Record<string, CellStyle['align']>> = {
  left: 'left', center: 'center', centerContinuous: 'center', right: 'right', justify: 'justify',
  distributed: 'justify',
};
/* prettier-ignore */
const VALIGN: Readonly<Record<string, CellStyle['valign']>> = {
  top: 'top', center: 'middle', bottom: 'bottom', justify: 'middle', distributed: 'middle',
};

export interface Styles {
  /** By cell format index (a cell's `s`). */
  styles: CellStyle[];
  /** Each cell format's number format code. */
  formats: string[];
}

export async function readStyles(xml: string | undefined): Promise<Styles> {
  const numFmts = new Map<number, string>();
  const fonts: Font[] = [];
  const fills: (string | undefined)[] = [];
  const borders: Border[] = [];
  const styles: CellStyle[] = [];
  const formats: string[] = [];
  if (xml === undefined) return { styles, formats };

  let section = '';
  let font: Font | undefined;
  let fill: string | undefined;
  let inFill = false;
  let border: Border | undefined;
  let side: Side | undefined;
  let xf: CellStyle | undefined;
  await readXml(xml, {
    open: (name, a) => {
      if (['fonts', 'fills', 'borders', 'cellXfs', 'cellStyleXfs', 'dxfs'].includes(name)) {
        section = name;
      } else if (name === 'numFmt' && a.numFmtId !== undefined && a.formatCode !== undefined) {
        numFmts.set(Number(a.numFmtId), a.formatCode);
      } else if (section === 'fonts') {
        if (name === 'font') font = {};
        else if (font) {
          const on = a.val !== '0' && a.val !== 'false';
          if (name === 'b' && on) font.bold = true;
          else if (name === 'i' && on) font.italic = true;
          else if (name === 'u' && a.val !== 'none') font.underline = true;
          else if (name === 'strike' && on) font.strike = true;
          else if (name === 'sz' && Number(a.val) > 0) font.size = Math.min(409, Number(a.val));
          else if (name === 'name' && a.val) font.font = a.val.slice(0, 64);
          else if (name === 'color') {
            const color = colorOf(a);
            if (color !== undefined && color !== '#000000') font.color = color;
          }
        }
      } else if (section === 'fills') {
        if (name === 'fill') {
          fill = undefined;
          inFill = true;
        } else if (name === 'patternFill')
          inFill = a.patternType !== undefined && a.patternType !== 'none';
        else if (name === 'fgColor' && inFill) fill = colorOf(a);
      } else if (section === 'borders') {
        if (name === 'border') border = {};
        else if ((SIDES as readonly string[]).includes(name)) {
          side = a.style !== undefined && a.style !== 'none' ? (name as Side) : undefined;
          if (side && border) border[side] = '#000000';
        } else if (name === 'color' && side && border) border[side] = colorOf(a) ?? '#000000';
      } else if (section === 'cellXfs') {
        if (name === 'xf' && styles.length < MAX_FORMATS) {
          const fontOf = fonts.at(Number(a.fontId ?? 0)) ?? {};
          const fillOf = fills.at(Number(a.fillId ?? 0));
          const borderOf = borders.at(Number(a.borderId ?? 0));
          xf = { ...fontOf };
          if (fillOf !== undefined) xf.fill = fillOf;
          if (borderOf !== undefined && Object.keys(borderOf).length > 0) xf.border = borderOf;
          const id = Number(a.numFmtId ?? 0);
          // ECMA-376 §18.8.30: a built-in format is named by its id only (ssf's table of them).
          const builtIn: Partial<Record<number, string>> = SSF.get_table();
          formats.push(numFmts.get(id) ?? builtIn[id] ?? 'General');
          styles.push(xf);
        } else if (name === 'alignment' && xf) {
          const align = ALIGN[a.horizontal ?? ''];
          const valign = VALIGN[a.vertical ?? ''];
          if (align) xf.align = align;
          if (valign) xf.valign = valign;
          if (a.wrapText === '1' || a.wrapText === 'true') xf.wrap = true;
        }
      }
    },
    close: (name) => {
      if (name === section) section = '';
      else if (name === 'font' && font) {
        fonts.push(font);
        font = undefined;
      } else if (name === 'fill' && section === 'fills') {
        fills.push(fill);
        inFill = false;
      } else if (name === 'border' && border) {
        borders.push(border);
        border = undefined;
      } else if ((SIDES as readonly string[]).includes(name)) side = undefined;
      else if (name === 'xf') xf = undefined;
    },
  });
  return { styles, formats };
}
