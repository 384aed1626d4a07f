/**
 * An OFD page's objects drawn with pdfkit (ofd-pages.ts), in millimetres, y downwards as OFD's
 * own: text (`TextObject`, each character where its `DeltaX`/`DeltaY` put it, in the document's
 * embedded font where that font has the glyph, else the installed CJK font: drawn-pdf.ts), paths
 * (`PathObject`'s abbreviated data), images (`ImageObject`), page blocks, annotations'
 * appearances and signatures' seal images. Not drawn: clipping areas, shadings and patterns
 * (their object drawn without them), composite objects, JBIG2 images.
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

  /** The object's boundary origin and CTM applied; `draw` runs inside, then both undone. */
  private async placed(object: XmlElement, draw: () => Promise<void> | void): Promise<void> {
    const [x = 0, y = 0] = boxOf(attribute(object, 'Boundary') ?? '');
    const ctm = attribute(object, 'CTM');
    this.doc.save();
    this.doc.translate(x, y);
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
