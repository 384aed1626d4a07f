/**
 * An OFD page's objects drawn with pdfkit (ofd-pages.ts), in millimetres, y downwards as OFD's
 * own: text (`TextObject`, each character where its `DeltaX`/`DeltaY` put it, in the document's
 * embedded font where that font has the glyph, else the installed CJK font: drawn-pdf.ts), paths
 * (`PathObject`'s abbreviated data), images (`ImageObject`), page blocks, annotations'
 * appearances and signatures' seal images, each clipped by its clipping areas (`Clips`: path
 * areas, {@link OfdDrawing.clip}). Not drawn: text used as a clipping area (ignored), shadings
 * and patterns (their object drawn without them), composite objects, JBIG2 images.
 */
import * as fontkit from 'fontkit';
import { fallbackFont, usableImage } from './drawn-pdf.ts';
import type { Pdf } from './drawn-pdf.ts';
import type { ZipPackage } from './zip-package.ts';
import { allText, attribute, child, childrenNamed } from './xml-tree.ts';
import type { XmlElement } from './xml-tree.ts';

export interface OfdResources {
  /** By ID: its name and, when embedded, the package part of its file. */
  fonts: Map<string, { name: string; file?: string }>;
  /** By ID: the package part of an image. */
  media: Map<string, string>;
  drawParams: Map<string, XmlElement>;
}

/** `x y w h` (or any list of numbers) as numbers; missing or unreadable ones are 0. */
export function boxOf(text: string): number[] {
  return text
    .trim()
    .split(/[\s,]+/)
    .map((value) => Number(value) || 0);
}

/** `DeltaX`/`DeltaY`: numbers, `g n v` standing for `v` n times. */
export function deltasOf(text: string | undefined): number[] {
  const tokens = (text ?? '').trim().split(/\s+/).filter(Boolean);
  const deltas: number[] = [];
  for (let at = 0; at < tokens.length; at += 1) {
    if (tokens[at] === 'g') {
      const count = Math.min(Number(tokens[at + 1]) || 0, 100_000);
      const value = Number(tokens[at + 2]) || 0;
      for (let n = 0; n < count; n += 1) deltas.push(value);
      at += 2;
    } else deltas.push(Number(tokens[at]) || 0);
  }
  return deltas;
}

/** OFD's abbreviated path data as SVG's (`S`/`M` move, `B` cubic, `C` close). */
export function svgPath(data: string): string {
  const commands: Record<string, string> = {
    S: 'M',
    M: 'M',
    L: 'L',
    Q: 'Q',
    B: 'C',
    A: 'A',
    C: 'Z',
  };
  return data
    .trim()
    .split(/\s+/)
    .map((token) => commands[token] ?? (Number.isFinite(Number(token)) ? token : ''))
    .join(' ');
}

/** How many numbers follow each command of abbreviated path data. */
const OPERANDS: Record<string, number> = { S: 2, M: 2, L: 2, Q: 4, B: 6, A: 7, C: 0 };

/**
 * Abbreviated path data with its points mapped by the matrix `[a b c d e f]` (x' = a·x + c·y + e,
 * y' = b·x + d·y + f). An arc's radii are scaled by the matrix's mean scale, exact for the
 * translations, turns and even scales clipping areas use.
 */
export function transformedPath(data: string, [a, b, c, d, e, f]: readonly number[]): string {
  const tokens = data.trim().split(/\s+/);
  const scale = Math.sqrt(Math.abs(a * d - b * c));
  const out: string[] = [];
  let at = 0;
  const point = (x: number, y: number) => [a * x + c * y + e, b * x + d * y + f];
  while (at < tokens.length) {
    const command = tokens[at] ?? '';
    if (!Object.hasOwn(OPERANDS, command)) {
      at += 1;
      continue;
    }
    const count = OPERANDS[command];
    const values = tokens.slice(at + 1, at + 1 + count).map((value) => Number(value) || 0);
    at += 1 + count;
    if (command === 'A') {
      const [rx = 0, ry = 0, turn = 0, large = 0, sweep = 0, x = 0, y = 0] = values;
      out.push('A', ...[rx * scale, ry * scale, turn, large, sweep, ...point(x, y)].map(String));
    } else {
      const mapped: number[] = [];
      for (let pair = 0; pair + 1 < values.length; pair += 2) {
        mapped.push(...point(values[pair] ?? 0, values[pair + 1] ?? 0));
      }
      out.push(command, ...mapped.map(String));
    }
  }
  return out.join(' ');
}

type Color = [number, number, number];

function colorOf(element: XmlElement | undefined): { color: Color; opacity: number } | undefined {
  const value = element === undefined ? undefined : attribute(element, 'Value');
  if (element === undefined || value === undefined) return undefined;
  const parts = boxOf(value);
  const rgb: Color =
    parts.length >= 3
      ? [parts[0], parts[1], parts[2]]
      : [parts[0] ?? 0, parts[0] ?? 0, parts[0] ?? 0];
  const alpha = Number(attribute(element, 'Alpha') ?? 255);
  return { color: rgb, opacity: Math.max(0, Math.min(1, alpha / 255)) };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IEND = Buffer.from('IEND');

/** The PNG or JPEG picture a seal's signed value carries (SES_Signature holds it as it is). */
export function sealPicture(value: Buffer): Buffer | undefined {
  const png = value.indexOf(PNG);
  if (png >= 0) {
    const end = value.indexOf(IEND, png);
    if (end > 0) return value.subarray(png, end + 8);
  }
  const jpeg = value.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  const jpegEnd = value.lastIndexOf(Buffer.from([0xff, 0xd9]));
  if (jpeg >= 0 && jpegEnd > jpeg) return value.subarray(jpeg, jpegEnd + 2);
  return undefined;
}

interface UsableFont {
  registered: string;
  hasGlyph: (codePoint: number) => boolean;
}

export class OfdDrawing {
  private readonly doc: Pdf;
  private readonly pkg: ZipPackage;
  private readonly resources: OfdResources;
  private readonly maxPixels: number;
  private readonly fonts = new Map<string, UsableFont | undefined>();
  private readonly images = new Map<string, Buffer | undefined>();

  constructor(doc: Pdf, pkg: ZipPackage, resources: OfdResources, maxPixels: number) {
    this.doc = doc;
    this.pkg = pkg;
    this.resources = resources;
    this.maxPixels = maxPixels;
  }

  /** A layer, a page block or a page's `Content`: its objects in order. */
  async draw(container: XmlElement | undefined): Promise<void> {
    for (const object of container?.children ?? []) {
      switch (object.name) {
        case 'Layer':
        case 'PageBlock':
          await this.draw(object);
          break;
        case 'TextObject':
          await this.text(object);
          break;
        case 'PathObject':
          await this.path(object);
          break;
        case 'ImageObject':
          await this.image(object);
          break;
        default:
          break;
      }
    }
  }

  /** An annotation's appearance, its objects placed in its boundary. */
  async annotation(annot: XmlElement): Promise<void> {
    for (const appearance of childrenNamed(annot, 'Appearance')) {
      const [x = 0, y = 0] = boxOf(attribute(appearance, 'Boundary') ?? '');
      this.doc.save();
      this.doc.translate(x, y);
      await this.draw(appearance);
      this.doc.restore();
    }
  }

  /** A signature's seal: the picture its signed value carries, fitted to the stamp's box. */
  async seal(part: string, [x = 0, y = 0, width = 0, height = 0]: number[]): Promise<void> {
    const value = await this.pkg.read(part);
    const picture = value === undefined ? undefined : sealPicture(value);
    if (picture === undefined || width <= 0 || height <= 0) return;
    const usable = await usableImage(picture, this.maxPixels);
    if (usable === undefined) return;
    this.doc.image(usable.data, x, y, { width, height });
  }

  /**
   * The object's clipping areas (GB/T 33190, 8.5), in its boundary's space (not its CTM's): each
   * `Clip` the union of its `Area`s' paths (each placed by its path's boundary origin and the
   * area's CTM), several clips intersected.
   */
  private clip(object: XmlElement): void {
    for (const clip of childrenNamed(child(object, 'Clips'), 'Clip')) {
      let areas = 0;
      for (const area of childrenNamed(clip, 'Area')) {
        const path = child(area, 'Path');
        const data = allText(child(path, 'AbbreviatedData'));
        if (data.trim() === '') continue;
        const [px = 0, py = 0] = boxOf(attribute(path, 'Boundary') ?? '');
        const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = boxOf(
          attribute(area, 'CTM') ?? '1 0 0 1 0 0',
        );
        // The path's own origin first, then the area's CTM.
        this.doc.path(
          svgPath(transformedPath(data, [a, b, c, d, a * px + c * py + e, b * px + d * py + f])),
        );
        areas += 1;
      }
      if (areas > 0) this.doc.clip();
    }
  }

  /**
   * The object's boundary origin, clipping areas and CTM applied; `draw` runs inside, then all
   * undone.
   */
  private async placed(object: XmlElement, draw: () => Promise<void> | void): Promise<void> {
    const [x = 0, y = 0] = boxOf(attribute(object, 'Boundary') ?? '');
    const ctm = attribute(object, 'CTM');
    this.doc.save();
    this.doc.translate(x, y);
    this.clip(object);
    if (ctm !== undefined) {
      const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = boxOf(ctm);
      this.doc.transform(a, b, c, d, e, f);
    }
    await draw();
    this.doc.restore();
  }

  private drawParam(object: XmlElement): XmlElement | undefined {
    const id = attribute(object, 'DrawParam');
    return id === undefined ? undefined : this.resources.drawParams.get(id);
  }

  private async font(id: string): Promise<UsableFont | undefined> {
    if (this.fonts.has(id)) return this.fonts.get(id);
    const resource = this.resources.fonts.get(id);
    let usable: UsableFont | undefined;
    const bytes = resource?.file === undefined ? undefined : await this.pkg.read(resource.file);
    if (bytes !== undefined) {
      try {
        const font = fontkit.create(bytes);
        if (!('fonts' in font) && font.numGlyphs > 1) {
          const registered = `ofd-${String(this.fonts.size)}`;
          this.doc.registerFont(registered, bytes);
          usable = { registered, hasGlyph: (code) => font.hasGlyphForCodePoint(code) };
        }
      } catch {
        usable = undefined; // An embedded font fontkit cannot read: the fallback draws it.
      }
    }
    this.fonts.set(id, usable);
    return usable;
  }

  private async text(object: XmlElement): Promise<void> {
    const own = await this.font(attribute(object, 'Font') ?? '');
    const fallback = fallbackFont();
    const size = Number(attribute(object, 'Size')) || 3.5;
    const fill = colorOf(child(object, 'FillColor')) ??
      colorOf(child(this.drawParam(object), 'FillColor')) ?? { color: [0, 0, 0], opacity: 1 };
    await this.placed(object, () => {
      this.doc.fillColor(fill.color, fill.opacity).fontSize(size);
      for (const code of childrenNamed(object, 'TextCode')) {
        const dx = deltasOf(attribute(code, 'DeltaX'));
        const dy = deltasOf(attribute(code, 'DeltaY'));
        let x = Number(attribute(code, 'X')) || 0;
        let y = Number(attribute(code, 'Y')) || 0;
        // By code point: OFD's deltas are per character (GB/T 33190, 11.3), as is a glyph.
        const characters = Array.from(allText(code));
        characters.forEach((character, at) => {
          const point = character.codePointAt(0) ?? 0;
          if (character.trim() !== '') {
            const font =
              own?.hasGlyph(point) === true || !fallback.hasGlyph(point) ? own : undefined;
            this.doc.font(font?.registered ?? 'fallback');
            this.doc.text(character, x, y, { lineBreak: false, baseline: 'alphabetic' });
          }
          // No delta given: the glyph's own advance (GB/T 33190, 11.3).
          x += dx[at] ?? (dy.length === 0 ? this.doc.widthOfString(character) : 0);
          y += dy[at] ?? 0;
        });
      }
    });
  }

  private async path(object: XmlElement): Promise<void> {
    const data = allText(child(object, 'AbbreviatedData'));
    const param = this.drawParam(object);
    const stroke = attribute(object, 'Stroke') !== 'false';
    const fill = attribute(object, 'Fill') === 'true';
    if (data.trim() === '' || (!stroke && !fill)) return;
    const width = Number(attribute(object, 'LineWidth') ?? attribute(param ?? object, 'LineWidth'));
    const strokeColor = colorOf(child(object, 'StrokeColor')) ??
      colorOf(child(param, 'StrokeColor')) ?? { color: [0, 0, 0] as Color, opacity: 1 };
    const fillColor = colorOf(child(object, 'FillColor')) ??
      colorOf(child(param, 'FillColor')) ?? { color: [0, 0, 0] as Color, opacity: 1 };
    await this.placed(object, () => {
      this.doc.lineWidth(width > 0 ? width : 0.353);
      this.doc.path(svgPath(data));
      if (fill && stroke) {
        this.doc.fillColor(fillColor.color, fillColor.opacity);
        this.doc.strokeColor(strokeColor.color, strokeColor.opacity);
        this.doc.fillAndStroke();
      } else if (fill) this.doc.fillColor(fillColor.color, fillColor.opacity).fill();
      else this.doc.strokeColor(strokeColor.color, strokeColor.opacity).stroke();
    });
  }

  private async image(object: XmlElement): Promise<void> {
    const id = attribute(object, 'ResourceID') ?? '';
    if (!this.images.has(id)) {
      const part = this.resources.media.get(id);
      const bytes = part === undefined ? undefined : await this.pkg.read(part);
      this.images.set(
        id,
        bytes === undefined ? undefined : (await usableImage(bytes, this.maxPixels))?.data,
      );
    }
    const usable = this.images.get(id);
    if (usable === undefined) return;
    await this.placed(object, () => {
      // The CTM maps the unit square to the image's place (GB/T 33190, 10.1).
      this.doc.image(usable, 0, 0, { width: 1, height: 1 });
    });
  }
}
