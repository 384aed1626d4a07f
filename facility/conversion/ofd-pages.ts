/**
 * OFD (GB/T 33190, a zip of XML) made a PDF in a pool task (docs/server.md, "Formats";
 * docs/decisions/2026-12-06-packages-drawn-as-pages.md): the first document of the package, each
 * page at its physical size with its template pages, then its content, its annotations and the
 * seal images of its signatures drawn by ofd-draw.ts.
 *
 * Bounded: the package through zip-package.ts's caps, a page's size and an image's pixels checked
 * before anything is drawn (refused, named), the pool's time and memory limits around the rest.
 */
import path from 'node:path';
import { MM, answered, createPdf, savePdf } from './drawn-pdf.ts';
import type { Drawn, DrawnJob } from './drawn-pdf.ts';
import { OfdDrawing, boxOf } from './ofd-draw.ts';
import type { OfdResources } from './ofd-draw.ts';
import { PackageRefused, openZipPackage, resolvePart } from './zip-package.ts';
import type { ZipPackage } from './zip-package.ts';
import { allText, attribute, child, childrenNamed, descendants, parseXml } from './xml-tree.ts';
import type { XmlElement } from './xml-tree.ts';

/** A page side at most (PDF's own limit is 200 inches). */
const MAX_PAGE_MM = 5000;

async function xmlPart(pkg: ZipPackage, part: string): Promise<XmlElement | undefined> {
  const bytes = await pkg.read(part);
  return bytes === undefined ? undefined : parseXml(bytes);
}

/** The parts a `BaseLoc`/`FileLoc`/text names, from the folder of the part naming it. */
const from = (part: string, reference: string) => resolvePart(path.posix.dirname(part), reference);

async function readResources(
  pkg: ZipPackage,
  documentPart: string,
  document: XmlElement,
): Promise<OfdResources> {
  const resources: OfdResources = { fonts: new Map(), media: new Map(), drawParams: new Map() };
  const common = child(document, 'CommonData');
  for (const name of ['PublicRes', 'DocumentRes']) {
    for (const reference of childrenNamed(common, name)) {
      const part = from(documentPart, allText(reference).trim());
      const res = await xmlPart(pkg, part);
      if (res === undefined) continue;
      const base = resolvePart(path.posix.dirname(part), attribute(res, 'BaseLoc') ?? '');
      for (const font of descendants(res, 'Font')) {
        const file = allText(child(font, 'FontFile')).trim();
        resources.fonts.set(attribute(font, 'ID') ?? '', {
          name: attribute(font, 'FontName') ?? '',
          ...(file !== '' && { file: resolvePart(base, file) }),
        });
      }
      for (const media of descendants(res, 'MultiMedia')) {
        const file = allText(child(media, 'MediaFile')).trim();
        resources.media.set(attribute(media, 'ID') ?? '', resolvePart(base, file));
      }
      for (const param of descendants(res, 'DrawParam')) {
        resources.drawParams.set(attribute(param, 'ID') ?? '', param);
      }
    }
  }
  return resources;
}

function pageBox(page: XmlElement | undefined, document: XmlElement): number[] {
  const own = child(child(page, 'Area'), 'PhysicalBox');
  const common = child(child(child(document, 'CommonData'), 'PageArea'), 'PhysicalBox');
  const box = boxOf(allText(own ?? common) || '0 0 210 297');
  const [, , width = 210, height = 297] = box;
  if (!(width > 0 && height > 0 && width <= MAX_PAGE_MM && height <= MAX_PAGE_MM)) {
    throw new PackageRefused(
      `a page is declared ${String(width)} × ${String(height)} mm; the limit is ${String(MAX_PAGE_MM)} mm a side`,
      true,
    );
  }
  return box;
}

/** The seals of the document's signatures: a stamp's page, box and the signed value's part. */
async function readSeals(
  pkg: ZipPackage,
  body: XmlElement | undefined,
  rootPart: string,
): Promise<{ pageRef: string; boundary: string; value: string }[]> {
  const reference = allText(child(body, 'Signatures')).trim();
  if (reference === '') return [];
  const listPart = from(rootPart, reference);
  const list = await xmlPart(pkg, listPart);
  const seals = [];
  for (const signature of childrenNamed(list, 'Signature')) {
    const part = from(listPart, attribute(signature, 'BaseLoc') ?? '');
    const signed = await xmlPart(pkg, part);
    const value = allText(child(signed, 'SignedValue')).trim();
    if (signed === undefined || value === '') continue;
    for (const stamp of descendants(signed, 'StampAnnot')) {
      seals.push({
        pageRef: attribute(stamp, 'PageRef') ?? '',
        boundary: attribute(stamp, 'Boundary') ?? '',
        value: from(part, value),
      });
    }
  }
  return seals;
}

export function ofdPdf(job: DrawnJob): Promise<Drawn> {
  return answered(drawOfd(job));
}

async function drawOfd(job: DrawnJob): Promise<Drawn> {
  const pkg = await openZipPackage(job.input, job.work);
  const root = await xmlPart(pkg, 'OFD.xml');
  if (root?.name !== 'OFD') throw new PackageRefused('not an OFD package: it has no OFD.xml');
  // A package of several documents opens its first (GB/T 33190, 7.4: the main one).
  const body = child(root, 'DocBody');
  const docRoot = allText(child(body, 'DocRoot')).trim();
  if (docRoot === '') {
    throw new PackageRefused('not an OFD package: OFD.xml names no document');
  }
  const documentPart = resolvePart('', docRoot);
  const document = await xmlPart(pkg, documentPart);
  if (document === undefined) throw new PackageRefused(`its document ${documentPart} is missing`);
  const resources = await readResources(pkg, documentPart, document);
  const title = allText(child(child(body, 'DocInfo'), 'Title')).trim();
  const doc = createPdf(title);
  const drawing = new OfdDrawing(doc, pkg, resources, job.maxPixels);

  const templates = new Map(
    childrenNamed(child(document, 'CommonData'), 'TemplatePage').map((template) => [
      attribute(template, 'ID') ?? '',
      from(documentPart, attribute(template, 'BaseLoc') ?? ''),
    ]),
  );
  const annotations = await pageAnnotations(pkg, documentPart, document);
  const seals = await readSeals(pkg, body, 'OFD.xml');
  const pages = childrenNamed(child(document, 'Pages'), 'Page');
  for (const page of pages) {
    const part = from(documentPart, attribute(page, 'BaseLoc') ?? '');
    const content = await xmlPart(pkg, part);
    const [, , width = 210, height = 297] = pageBox(content, document);
    doc.addPage({ size: [width * MM, height * MM], margin: 0 });
    doc.save();
    doc.scale(MM);
    for (const template of childrenNamed(content, 'Template')) {
      const templatePart = templates.get(attribute(template, 'TemplateID') ?? '');
      const templatePage =
        templatePart === undefined ? undefined : await xmlPart(pkg, templatePart);
      await drawing.draw(child(templatePage, 'Content'));
    }
    await drawing.draw(child(content, 'Content'));
    const id = attribute(page, 'ID') ?? '';
    for (const annot of annotations.get(id) ?? []) await drawing.annotation(annot);
    for (const seal of seals.filter((s) => s.pageRef === id)) {
      await drawing.seal(seal.value, boxOf(seal.boundary));
    }
    doc.restore();
  }
  if (pages.length === 0) throw new PackageRefused('its document has no pages');
  await savePdf(doc, job.output);
  return { pages: pages.length };
}

/** Each page's annotations (`Annot` elements), by the page's ID. */
async function pageAnnotations(
  pkg: ZipPackage,
  documentPart: string,
  document: XmlElement,
): Promise<Map<string, XmlElement[]>> {
  const byPage = new Map<string, XmlElement[]>();
  const reference = allText(child(document, 'Annotations')).trim();
  if (reference === '') return byPage;
  const listPart = from(documentPart, reference);
  const list = await xmlPart(pkg, listPart);
  for (const page of childrenNamed(list, 'Page')) {
    const file = allText(child(page, 'FileLoc')).trim();
    const annots = await xmlPart(pkg, from(listPart, file));
    const id = attribute(page, 'PageID') ?? '';
    byPage.set(id, [...(byPage.get(id) ?? []), ...childrenNamed(annots, 'Annot')]);
  }
  return byPage;
}
