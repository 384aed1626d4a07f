/**
 * EPUB books the tests write: three chapters (the second in Chinese, with an image) and a table of
 * contents as EPUB 3's nav or EPUB 2's NCX; `hostile` adds a script and a remote image.
 */
import { zipSync, strToU8 } from 'fflate';
import { logoPng } from './_ofd.ts';

export interface BookOptions {
  /** EPUB 2's NCX instead of EPUB 3's nav. */
  ncx?: boolean;
  /** A script, an event handler and a remote image in chapter 1. */
  hostile?: string;
  /** Paragraphs of chapter 3 (a long book). */
  paragraphs?: number;
}

const xhtml = (title: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>${title}</title><link rel="stylesheet" href="style.css"/></head>
<body>${body}</body></html>`;

export async function book(options: BookOptions = {}): Promise<Uint8Array> {
  const paragraphs = Array.from(
    { length: options.paragraphs ?? 3 },
    (_, at) =>
      `<p>Paragraph ${String(at + 1)} of the last chapter, where the lighthouse keeper writes the log.</p>`,
  ).join('\n');
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(`<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`),
    'OEBPS/content.opf': strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:test:lighthouse</dc:identifier><dc:title>The Lighthouse Log</dc:title><dc:language>en</dc:language></metadata>
  <manifest>
    ${options.ncx === true ? '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>' : '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'}
    <item id="c1" href="text/chapter1.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="text/chapter2.xhtml" media-type="application/xhtml+xml"/>
    <item id="c3" href="text/chapter3.xhtml" media-type="application/xhtml+xml"/>
    <item id="img" href="images/lamp.png" media-type="image/png"/>
  </manifest>
  <spine${options.ncx === true ? ' toc="ncx"' : ''}><itemref idref="c1"/><itemref idref="c2"/><itemref idref="c3"/></spine>
</package>`),
    'OEBPS/nav.xhtml': strToU8(
      xhtml(
        'Contents',
        `<nav epub:type="toc"><ol>
  <li><a href="text/chapter1.xhtml">Chapter One: The Keeper</a></li>
  <li><a href="text/chapter2.xhtml">第二章 灯塔</a><ol><li><a href="text/chapter2.xhtml#night">The Night Watch</a></li></ol></li>
  <li><a href="text/chapter3.xhtml">Chapter Three: The Log</a></li>
</ol></nav>`,
      ),
    ),
    'OEBPS/toc.ncx': strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
  <navPoint id="n1"><navLabel><text>Chapter One: The Keeper</text></navLabel><content src="text/chapter1.xhtml"/></navPoint>
  <navPoint id="n2"><navLabel><text>第二章 灯塔</text></navLabel><content src="text/chapter2.xhtml"/>
    <navPoint id="n3"><navLabel><text>The Night Watch</text></navLabel><content src="text/chapter2.xhtml#night"/></navPoint></navPoint>
  <navPoint id="n4"><navLabel><text>Chapter Three: The Log</text></navLabel><content src="text/chapter3.xhtml"/></navPoint>
</navMap></ncx>`),
    'OEBPS/text/chapter1.xhtml': strToU8(
      xhtml(
        'One',
        `<h1>Chapter One: The Keeper</h1>
<p>The keeper climbed the&nbsp;stairs at dusk and lit the lamp.</p>${options.hostile ?? ''}
<ul><li>oil</li><li>wick</li></ul>`,
      ),
    ),
    'OEBPS/text/chapter2.xhtml': strToU8(
      xhtml(
        'Two',
        `<h1>第二章 灯塔</h1><p>灯塔的光照亮了整个海湾。</p>
<img src="../images/lamp.png" alt="the lamp"/>
<h2 id="night">The Night Watch</h2><p>At midnight the keeper wrote in the log.</p>`,
      ),
    ),
    'OEBPS/text/chapter3.xhtml': strToU8(
      xhtml('Three', `<h1>Chapter Three: The Log</h1>${paragraphs}`),
    ),
    'OEBPS/images/lamp.png': await logoPng(120),
  };
  return zipSync(files);
}
