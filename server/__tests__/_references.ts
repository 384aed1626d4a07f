/**
 * Documents that name other files to pull into their PDF (docs/server.md, "Converters' sandbox"):
 * an SVG, a drawing (zipped and flat ODF), a web page under an office name and a DOCX, each
 * pointing at every target given as an image, with text of its own to show it converted.
 */
import { storedZip } from './_hostile.ts';

const ODF = {
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  draw: 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  svg: 'urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0',
  xlink: 'http://www.w3.org/1999/xlink',
};
const odfNamespaces = Object.entries(ODF)
  .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
  .join(' ');

export function referencingSvg(words: string, targets: readonly string[]): string {
  const images = targets.map(
    (target, index) =>
      `<image x="${String(10 + index * 90)}" y="60" width="80" height="80" xlink:href="${target}"/>` +
      `<image x="${String(10 + index * 90)}" y="160" width="80" height="80" href="${target}"/>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="600" height="300">` +
    `<style>rect { fill: url(${targets[0] ?? ''}); }</style><rect width="5" height="5"/>` +
    `<text x="10" y="30" font-size="20">${words}</text>${images.join('')}</svg>`
  );
}

function drawingPage(words: string, targets: readonly string[]): string {
  const images = targets.map(
    (target, index) =>
      `<draw:frame svg:x="${String(1 + index * 4)}cm" svg:y="4cm" svg:width="3cm" svg:height="3cm">` +
      `<draw:image xlink:href="${target}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame>`,
  );
  return (
    `<office:body><office:drawing><draw:page draw:name="page1">` +
    `<draw:frame svg:x="1cm" svg:y="1cm" svg:width="15cm" svg:height="2cm"><draw:text-box><text:p>${words}</text:p></draw:text-box></draw:frame>` +
    `${images.join('')}</draw:page></office:drawing></office:body>`
  );
}

/** A zipped ODF drawing (`.odg`). */
export function referencingOdg(words: string, targets: readonly string[]): Buffer {
  return storedZip({
    mimetype: 'application/vnd.oasis.opendocument.graphics',
    'content.xml':
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${odfNamespaces} office:version="1.2">` +
      `${drawingPage(words, targets)}</office:document-content>`,
    'META-INF/manifest.xml':
      `<?xml version="1.0" encoding="UTF-8"?>` +
      `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">` +
      `<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.graphics"/>` +
      `<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
  });
}

/** A flat ODF drawing (`.fodg`). */
export function referencingFodg(words: string, targets: readonly string[]): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><office:document ${odfNamespaces} office:version="1.2" ` +
    `office:mimetype="application/vnd.oasis.opendocument.graphics">${drawingPage(words, targets)}</office:document>`
  );
}

/** A web page saved under `.doc` (Word's "save as web page"): LibreOffice's HTML import reads it. */
export function referencingHtml(words: string, targets: readonly string[]): string {
  const images = targets.map((target) => `<img src="${target}" width="80" height="80">`);
  return (
    `<html><head><meta charset="utf-8"><link rel="stylesheet" href="${targets[0] ?? ''}"></head>` +
    `<body background="${targets[0] ?? ''}"><p>${words}</p><p>${images.join('')}</p></body></html>`
  );
}

/** A DOCX whose images are linked, not embedded (`TargetMode="External"`), one per target. */
export function referencingDocx(words: string, targets: readonly string[]): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const image = (index: number) =>
    `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="${String(index + 1)}" name="linked"/>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">` +
    `<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:nvPicPr><pic:cNvPr id="${String(index + 1)}" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:link="rIdLinked${String(index)}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm>` +
    `<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  return storedZip({
    '[Content_Types].xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
      `</Types>`,
    '_rels/.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/>` +
      `</Relationships>`,
    'word/document.xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<w:document xmlns:w="${W}" xmlns:r="${R}" ` +
      `xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><w:body>` +
      `<w:p><w:r><w:t>${words}</w:t></w:r></w:p>${targets.map((_, index) => image(index)).join('')}` +
      `</w:body></w:document>`,
    'word/_rels/document.xml.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      targets
        .map(
          (target, index) =>
            `<Relationship Id="rIdLinked${String(index)}" Type="${R}/image" Target="${target}" TargetMode="External"/>`,
        )
        .join('') +
      `</Relationships>`,
  });
}
