/**
 * EPUB made a PDF in a pool task (docs/server.md, "Formats";
 * docs/decisions/2026-12-06-packages-drawn-as-pages.md): the spine's documents in order, laid
 * out as a book's pages by pdfkit (each document from a new page; headings, paragraphs, list
 * items, preformatted text and the package's own images), the table of contents (EPUB 3's nav,
 * else EPUB 2's NCX) as the PDF's outline. Nothing is run or fetched: a script is never read,
 * and an image is drawn only from the package's own parts (a remote or `data:` one is left out).
 * Not drawn: CSS (one book style for all), tables as grids (their cells' text flows as
 * paragraphs), fonts the book embeds, SVG images.
 */
import path from 'node:path';
import { allText, attribute, child, childrenNamed, descendants, parseXml } from './xml-tree.ts';
import type { XmlElement } from './xml-tree.ts';
import { answered, createPdf, savePdf, usableImage } from './drawn-pdf.ts';
import type { Drawn, DrawnJob, Pdf } from './drawn-pdf.ts';
import { PackageRefused, openZipPackage, resolvePart } from './zip-package.ts';
import type { ZipPackage } from './zip-package.ts';

/** A5, in points: a book's page. */
const PAGE: [number, number] = [420, 595];
const MARGIN = 42;
/** Pages at most; a book laid out longer is refused. */
export const MAX_BOOK_PAGES = 3000;
/** Characters of text at most, counted as they are read. */
const MAX_BOOK_CHARACTERS = 4_000_000;

const HEADING_SIZES: Partial<Record<string, number>> = {
  h1: 20,
  h2: 16,
  h3: 14,
  h4: 12,
  h5: 11,
  h6: 11,
};
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'blockquote',
  'li',
  'dt',
  'dd',
  'tr',
  'figure',
  'figcaption',
  'aside',
  'header',
  'footer',
  'nav',
  'main',
  'table',
  'ul',
  'ol',
  'dl',
  'body',
  'caption',
  'hr',
  ...Object.keys(HEADING_SIZES),
]);
const SKIPPED = new Set(['script', 'style', 'head', 'noscript', 'template', 'iframe', 'object']);

interface TocEntry {
  title: string;
  /** The package part and fragment it points to. */
  part: string;
  fragment: string;
  children: TocEntry[];
}

/** Lays the spine out, remembering the page each part and each `id` starts on. */
class BookLayout {
  readonly doc: Pdf;
  private readonly pkg: ZipPackage;
  private readonly maxPixels: number;
  private characters = 0;
  /** `part#id` (and `part` alone) → 0-based page. */
  readonly anchors = new Map<string, number>();
  private line = '';
  private lineSize = 11;
  private preformatted = false;
  /** The lists the text is in, innermost first: an `ol`'s next number, 0 for a `ul`. */
  private readonly numbers: number[] = [];

  constructor(doc: Pdf, pkg: ZipPackage, maxPixels: number) {
    this.doc = doc;
    this.pkg = pkg;
    this.maxPixels = maxPixels;
  }

  private page(): number {
    const { start, count } = this.doc.bufferedPageRange();
    if (count > MAX_BOOK_PAGES) {
      throw new PackageRefused(`the book is longer than ${String(MAX_BOOK_PAGES)} pages`, true);
    }
    return start + count - 1;
  }

  /** The text gathered so far written as one paragraph. */
  private flush(): void {
    const text = this.preformatted ? this.line : this.line.replace(/\s+/g, ' ').trim();
    this.line = '';
    if (text === '') return;
    this.characters += text.length;
    if (this.characters > MAX_BOOK_CHARACTERS) {
      throw new PackageRefused(
        `the book has more than ${String(MAX_BOOK_CHARACTERS)} characters of text`,
        true,
      );
    }
    this.doc.fontSize(this.lineSize).text(text, { paragraphGap: this.lineSize * 0.5 });
    this.page();
  }

  async part(part: string, body: XmlElement): Promise<void> {
    this.doc.addPage();
    this.anchors.set(part, this.page());
    await this.element(part, body);
    this.flush();
  }

  private async element(part: string, element: XmlElement): Promise<void> {
    if (SKIPPED.has(element.name)) return;
    const id = attribute(element, 'id');
    const block = BLOCKS.has(element.name);
    if (block) this.flush();
    if (id !== undefined) this.anchors.set(`${part}#${id}`, this.page());
    if (element.name === 'img' || element.name === 'image') {
      this.flush();
      await this.image(part, attribute(element, 'src') ?? attribute(element, 'href') ?? '');
      return;
    }
    if (element.name === 'br') {
      this.line += '\n';
      return;
    }
    const size = HEADING_SIZES[element.name];
    const pre = element.name === 'pre';
    if (size !== undefined) this.lineSize = size;
    if (pre) this.preformatted = true;
    // A middle dot: every CJK font has one (WenQuanYi has no bullet).
    if (element.name === 'li') {
      const next = this.numbers[0] ?? 0;
      this.line += next > 0 ? `${String(next)}. ` : '· ';
      if (next > 0) this.numbers[0] = next + 1;
    }
    const list = element.name === 'ol' ? 1 : element.name === 'ul' ? 0 : undefined;
    if (list !== undefined) this.numbers.unshift(list);
    for (const item of element.content) {
      if (typeof item === 'string') this.line += item;
      else await this.element(part, item);
    }
    if (block) this.flush();
    if (size !== undefined) this.lineSize = 11;
    if (pre) this.preformatted = false;
    if (list !== undefined) this.numbers.shift();
  }

  /** A package image, fitted to the page's width; a remote one is never fetched. */
  private async image(part: string, source: string): Promise<void> {
    if (/^[a-z][a-z0-9+.-]*:/i.test(source)) return;
    const bytes = await this.pkg.read(resolvePart(path.posix.dirname(part), source));
    const image = bytes === undefined ? undefined : await usableImage(bytes, this.maxPixels);
    if (image === undefined) return;
    const width = PAGE[0] - 2 * MARGIN;
    const height = PAGE[1] - 2 * MARGIN;
    const scale = Math.min(1, width / image.width, height / image.height);
    if (this.doc.y + image.height * scale > PAGE[1] - MARGIN) this.doc.addPage();
    this.doc.image(image.data, MARGIN, this.doc.y, { scale });
    this.doc.y += image.height * scale + 6;
    this.page();
  }
}

async function xmlPart(pkg: ZipPackage, part: string, html = false) {
  const bytes = await pkg.read(part);
  return bytes === undefined ? undefined : parseXml(bytes, html);
}

/** The table of contents: EPUB 3's `nav epub:type="toc"`, else the NCX's navMap. */
async function tableOfContents(
  pkg: ZipPackage,
  opfPart: string,
  manifest: XmlElement[],
  spine: XmlElement | undefined,
): Promise<TocEntry[]> {
  const hrefOf = (item: XmlElement) =>
    resolvePart(path.posix.dirname(opfPart), attribute(item, 'href') ?? '');
  const target = (base: string, href: string) => {
    const [file = '', fragment = ''] = href.split('#');
    return { part: resolvePart(path.posix.dirname(base), file), fragment };
  };
  const nav = manifest.find((item) =>
    (attribute(item, 'properties') ?? '').split(/\s+/).includes('nav'),
  );
  if (nav !== undefined) {
    const navPart = hrefOf(nav);
    const document = await xmlPart(pkg, navPart, true);
    const tocNav =
      (document === undefined ? [] : descendants(document, 'nav')).find(
        (element) => attribute(element, 'type') === 'toc',
      ) ?? (document === undefined ? undefined : descendants(document, 'nav')[0]);
    const list = (ol: XmlElement | undefined): TocEntry[] =>
      childrenNamed(ol, 'li').flatMap((li) => {
        const link = child(li, 'a') ?? child(li, 'span');
        if (link === undefined) return [];
        return [
          {
            title: allText(link).replace(/\s+/g, ' ').trim(),
            ...target(navPart, attribute(link, 'href') ?? ''),
            children: list(child(li, 'ol')),
          },
        ];
      });
    const entries = list(child(tocNav, 'ol'));
    if (entries.length > 0) return entries;
  }
  const ncxItem =
    manifest.find((item) => attribute(item, 'id') === attribute(spine, 'toc')) ??
    manifest.find((item) => attribute(item, 'media-type') === 'application/x-dtbncx+xml');
  if (ncxItem === undefined) return [];
  const ncxPart = hrefOf(ncxItem);
  const ncx = await xmlPart(pkg, ncxPart);
  const points = (parent: XmlElement | undefined): TocEntry[] =>
    childrenNamed(parent, 'navPoint').map((point) => ({
      title: allText(child(child(point, 'navLabel'), 'text') ?? point)
        .replace(/\s+/g, ' ')
        .trim(),
      ...target(ncxPart, attribute(child(point, 'content'), 'src') ?? ''),
      children: points(point),
    }));
  return points(child(ncx, 'navMap'));
}

function addOutline(
  doc: Pdf,
  parent: PDFKit.PDFOutline,
  entries: TocEntry[],
  anchors: Map<string, number>,
): void {
  for (const entry of entries) {
    const page =
      anchors.get(`${entry.part}#${entry.fragment}`) ?? anchors.get(entry.part) ?? undefined;
    if (page === undefined || entry.title === '') {
      addOutline(doc, parent, entry.children, anchors);
      continue;
    }
    doc.switchToPage(page);
    const item = parent.addItem(entry.title);
    addOutline(doc, item, entry.children, anchors);
  }
}

async function drawEpub(job: DrawnJob): Promise<Drawn> {
  const pkg = await openZipPackage(job.input, job.work);
  const container = await xmlPart(pkg, 'META-INF/container.xml');
  const rootfile = container === undefined ? undefined : descendants(container, 'rootfile')[0];
  const opfPart = resolvePart('', attribute(rootfile, 'full-path') ?? '');
  const opf = opfPart === '' ? undefined : await xmlPart(pkg, opfPart);
  if (opf === undefined)
    throw new PackageRefused('not an EPUB: META-INF/container.xml names no package');
  const manifest = childrenNamed(child(opf, 'manifest'), 'item');
  const byId = new Map(manifest.map((item) => [attribute(item, 'id') ?? '', item]));
  const spine = child(opf, 'spine');
  const title = allText(descendants(child(opf, 'metadata') ?? opf, 'title')[0] ?? opf).trim();
  const doc = createPdf(title, { size: PAGE, margin: MARGIN });
  const layout = new BookLayout(doc, pkg, job.maxPixels);
  for (const itemref of childrenNamed(spine, 'itemref')) {
    const item = byId.get(attribute(itemref, 'idref') ?? '');
    if (item === undefined) continue;
    const part = resolvePart(path.posix.dirname(opfPart), attribute(item, 'href') ?? '');
    const document = await xmlPart(pkg, part, true);
    const body =
      document === undefined ? undefined : (descendants(document, 'body')[0] ?? document);
    if (body !== undefined) await layout.part(part, body);
  }
  const pages = doc.bufferedPageRange().count;
  if (pages === 0) throw new PackageRefused('the book’s spine names no readable document');
  const toc = await tableOfContents(pkg, opfPart, manifest, spine);
  addOutline(doc, doc.outline, toc, layout.anchors);
  await savePdf(doc, job.output);
  return { pages };
}

export function epubPdf(job: DrawnJob): Promise<Drawn> {
  return answered(drawEpub(job));
}
