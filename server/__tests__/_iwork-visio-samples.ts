/**
 * Samples of formats LibreOffice reads but cannot write, zipped here (fflate) from XML written
 * here, so no file of unknown licence ships: Apple iWork '09 packages (a zip holding `index.xml`,
 * Keynote's `index.apxl`, which libetonyek reads) and a Visio 2013 `.vsdx` (an OPC package libvisio
 * reads). Each holds the words of a family in _office-samples.ts, so a converted PDF is checked alike.
 */
import { strToU8, zipSync } from 'fflate';
import { WORDS } from './_office-samples.ts';
import type { Family } from './_office-samples.ts';

const SF =
  'xmlns:sfa="http://developer.apple.com/namespaces/sfa" xmlns:sf="http://developer.apple.com/namespaces/sf"';
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';

const drawables = (inner: string) =>
  `<sf:layers><sf:layer><sf:drawables>${inner}</sf:drawables></sf:layer></sf:layers>`;

/** Pages '09: body text. */
const PAGES = `${XML}<sl:document ${SF} xmlns:sl="http://developer.apple.com/namespaces/sl" sl:version="92008102400"><sf:text-storage sf:kind="body"><sf:text-body><sf:p>${WORDS.text}</sf:p></sf:text-body></sf:text-storage></sl:document>`;

/** Numbers '09: a sheet with a table of one row, its words and a number. */
const NUMBERS = `${XML}<ls:document ${SF} xmlns:ls="http://developer.apple.com/namespaces/ls" ls:version="92008102400"><ls:workspace-array><ls:workspace ls:workspace-name="Sheet 1"><ls:page-info>${drawables(
  `<sf:tabular-info><sf:geometry><sf:naturalSize sfa:w="300" sfa:h="20"/><sf:position sfa:x="0" sfa:y="0"/></sf:geometry><sf:tabular-model sf:name="Table 1" sf:num-header-rows="0" sf:num-header-columns="0"><sf:grid sf:numrows="1" sf:numcols="2"><sf:columns sf:count="2"><sf:grid-column sf:width="200"/><sf:grid-column sf:width="100"/></sf:columns><sf:rows sf:count="1"><sf:grid-row sf:height="20"/></sf:rows><sf:datasource><sf:t><sf:ct sfa:s="${WORDS.sheet}"/></sf:t><sf:n sf:v="1200"/></sf:datasource></sf:grid></sf:tabular-model></sf:tabular-info>`,
)}</ls:page-info></ls:workspace></ls:workspace-array></ls:document>`;

/** Keynote '09: one slide with a text box. */
const KEYNOTE = `${XML}<key:presentation ${SF} xmlns:key="http://developer.apple.com/namespaces/keynote2" key:version="92008102400"><key:size sfa:w="1024" sfa:h="768"/><key:slide-list><key:slide><key:page>${drawables(
  `<sf:shape><sf:geometry><sf:naturalSize sfa:w="600" sfa:h="100"/><sf:position sfa:x="100" sfa:y="100"/></sf:geometry><sf:path><sf:point-path sf:type="rectangle"><sf:point sfa:x="600" sfa:y="0"/><sf:size sfa:w="600" sfa:h="100"/></sf:point-path></sf:path><sf:text><sf:text-storage><sf:text-body><sf:p>${WORDS.slides}</sf:p></sf:text-body></sf:text-storage></sf:text></sf:shape>`,
)}</key:page></key:slide></key:slide-list></key:presentation>`;

const VISIO_RELS = 'http://schemas.microsoft.com/visio/2010/relationships';
const VISIO =
  'xmlns="http://schemas.microsoft.com/office/visio/2012/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const rels = (type: string, target: string) =>
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${VISIO_RELS}/${type}" Target="${target}"/></Relationships>`;
const corner = (kind: string, ix: number, x: number, y: number) =>
  `<Row T="${kind}" IX="${String(ix)}"><Cell N="X" V="${String(x)}"/><Cell N="Y" V="${String(y)}"/></Row>`;

/** Visio 2013: one page, one rectangle holding the drawing's words. */
const VSDX: Record<string, string> = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/visio/document.xml" ContentType="application/vnd.ms-visio.drawing.main+xml"/><Override PartName="/visio/pages/pages.xml" ContentType="application/vnd.ms-visio.pages+xml"/><Override PartName="/visio/pages/page1.xml" ContentType="application/vnd.ms-visio.page+xml"/></Types>`,
  '_rels/.rels': rels('document', 'visio/document.xml'),
  'visio/document.xml': `${XML}<VisioDocument ${VISIO}/>`,
  'visio/_rels/document.xml.rels': rels('pages', 'pages/pages.xml'),
  'visio/pages/pages.xml': `${XML}<Pages ${VISIO}><Page ID="0" Name="Page-1"><PageSheet><Cell N="PageWidth" V="8.5"/><Cell N="PageHeight" V="11"/></PageSheet><Rel r:id="rId1"/></Page></Pages>`,
  'visio/pages/_rels/pages.xml.rels': rels('page', 'page1.xml'),
  'visio/pages/page1.xml': `${XML}<PageContents ${VISIO}><Shapes><Shape ID="1" Type="Shape"><Cell N="PinX" V="4"/><Cell N="PinY" V="8"/><Cell N="Width" V="4"/><Cell N="Height" V="1"/><Cell N="LocPinX" V="2"/><Cell N="LocPinY" V="0.5"/><Section N="Geometry" IX="0">${[
    corner('MoveTo', 1, 0, 0),
    corner('LineTo', 2, 4, 0),
    corner('LineTo', 3, 4, 1),
    corner('LineTo', 4, 0, 1),
    corner('LineTo', 5, 0, 0),
  ].join('')}</Section><Text>${WORDS.drawing}</Text></Shape></Shapes></PageContents>`,
};

const zipped = (parts: Record<string, string>) =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)]))),
  );

/** `sample<ext>` bytes of `.pages .numbers .key .vsdx`, with the family whose words each holds. */
export function iworkVisioSamples(): Map<string, [Family, Buffer]> {
  return new Map([
    ['.pages', ['text', zipped({ 'index.xml': PAGES })]],
    ['.numbers', ['sheet', zipped({ 'index.xml': NUMBERS })]],
    ['.key', ['slides', zipped({ 'index.apxl': KEYNOTE })]],
    ['.vsdx', ['drawing', zipped(VSDX)]],
  ]);
}
