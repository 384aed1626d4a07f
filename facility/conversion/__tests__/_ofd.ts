/**
 * OFD packages the tests write: an electronic invoice's page (Chinese text, a ruled table, a logo
 * image, an annotation and a signature's seal), and hostile variants of it.
 */
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import sharp from 'sharp';

const encode = (text: string) => new TextEncoder().encode(text);

/** A red seal: a ring with a star, as a signed invoice's stamp (PNG). */
export function sealPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120">
    <circle cx="60" cy="60" r="54" fill="none" stroke="#d00" stroke-width="6"/>
    <polygon points="60,30 68,52 92,52 72,66 80,90 60,75 40,90 48,66 28,52 52,52" fill="#d00"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A blue logo square (PNG), `size` pixels a side. */
export function logoPng(size = 64): Promise<Buffer> {
  return sharp({
    create: { width: size, height: size, channels: 3, background: { r: 30, g: 80, b: 200 } },
  })
    .png()
    .toBuffer();
}

export interface InvoiceOptions {
  /** The page's PhysicalBox, mm. */
  box?: string;
  /** Put before the page's root (an internal DTD, say). */
  prolog?: string;
  /** The title's text, as XML (an entity reference, say). */
  titleText?: string;
  /** A second document in the package. */
  twoDocuments?: boolean;
  logo?: Buffer;
  /** Pages, each the invoice's page again (a package may name one content part many times). */
  pages?: number;
  /**
   * A red rectangle at 115–145 × 112–132 mm clipped to its left half: two clipping areas of one
   * clip (their union), one of them placed by its area's CTM.
   */
  clipped?: boolean;
}

const CLIPPED = `<ofd:PathObject ID="50" Boundary="115 112 30 20" Fill="true" Stroke="false">
      <ofd:FillColor Value="220 30 30"/>
      <ofd:Clips><ofd:Clip>
        <ofd:Area><ofd:Path Boundary="0 0 15 10"><ofd:AbbreviatedData>M 0 0 L 15 0 L 15 10 L 0 10 C</ofd:AbbreviatedData></ofd:Path></ofd:Area>
        <ofd:Area CTM="1 0 0 1 0 10"><ofd:Path Boundary="0 0 15 10"><ofd:AbbreviatedData>M 0 0 L 15 0 L 15 10 L 0 10 C</ofd:AbbreviatedData></ofd:Path></ofd:Area>
      </ofd:Clip></ofd:Clips>
      <ofd:AbbreviatedData>M 0 0 L 30 0 L 30 20 L 0 20 C</ofd:AbbreviatedData>
    </ofd:PathObject>`;

/** An invoice-like OFD page: the parts of GB/T 33190 an e-invoice uses. */
export async function invoiceOfd(options: InvoiceOptions = {}): Promise<Uint8Array> {
  const logo = options.logo ?? (await logoPng());
  const seal = await sealPng();
  const ns = 'xmlns:ofd="http://www.ofdspec.org/2016"';
  const ofd = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:OFD ${ns} Version="1.1" DocType="OFD">
  <ofd:DocBody>
    <ofd:DocInfo><ofd:DocID>d1</ofd:DocID><ofd:Title>电子发票</ofd:Title></ofd:DocInfo>
    <ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot>
    <ofd:Signatures>Doc_0/Signs/Signatures.xml</ofd:Signatures>
  </ofd:DocBody>${
    options.twoDocuments === true
      ? '<ofd:DocBody><ofd:DocRoot>Doc_1/Document.xml</ofd:DocRoot></ofd:DocBody>'
      : ''
  }
</ofd:OFD>`;
  const document = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Document ${ns}>
  <ofd:CommonData>
    <ofd:MaxUnitID>20</ofd:MaxUnitID>
    <ofd:PageArea><ofd:PhysicalBox>${options.box ?? '0 0 210 140'}</ofd:PhysicalBox></ofd:PageArea>
    <ofd:PublicRes>PublicRes.xml</ofd:PublicRes>
    <ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes>
    <ofd:TemplatePage ID="2" BaseLoc="Tpls/Tpl_0/Content.xml"/>
  </ofd:CommonData>
  <ofd:Pages>${Array.from(
    { length: options.pages ?? 1 },
    (_, at) =>
      `<ofd:Page ID="${String(at === 0 ? 1 : 100 + at)}" BaseLoc="Pages/Page_0/Content.xml"/>`,
  ).join('')}</ofd:Pages>
  <ofd:Annotations>Annots/Annotations.xml</ofd:Annotations>
</ofd:Document>`;
  const publicRes = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Res ${ns} BaseLoc="Res">
  <ofd:Fonts>
    <ofd:Font ID="3" FontName="DejaVu Sans" FamilyName="DejaVu Sans"><ofd:FontFile>DejaVuSans.ttf</ofd:FontFile></ofd:Font>
    <ofd:Font ID="4" FontName="宋体" FamilyName="宋体"/>
  </ofd:Fonts>
  <ofd:DrawParams><ofd:DrawParam ID="5" LineWidth="0.5"><ofd:StrokeColor Value="128 0 0"/></ofd:DrawParam></ofd:DrawParams>
</ofd:Res>`;
  const documentRes = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Res ${ns} BaseLoc="Res">
  <ofd:MultiMedias><ofd:MultiMedia ID="6" Type="Image" Format="PNG"><ofd:MediaFile>logo.png</ofd:MediaFile></ofd:MultiMedia></ofd:MultiMedias>
</ofd:Res>`;
  const template = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Page ${ns}><ofd:Content><ofd:Layer ID="7">
  <ofd:TextObject ID="8" Boundary="150 5 50 6" Font="4" Size="3.5">
    <ofd:FillColor Value="128 0 0"/><ofd:TextCode X="0" Y="4" DeltaX="g 3 3.5">发票联</ofd:TextCode>
  </ofd:TextObject>
</ofd:Layer></ofd:Content></ofd:Page>`;
  const rows = [30, 45, 60, 75, 90];
  const lines = rows
    .map(
      (y, at) =>
        `<ofd:PathObject ID="${String(30 + at)}" Boundary="10 ${String(y)} 190 1" DrawParam="5"><ofd:AbbreviatedData>M 0 0 L 190 0</ofd:AbbreviatedData></ofd:PathObject>`,
    )
    .join('\n');
  const title = options.titleText ?? '电子发票（普通发票）';
  const page = `<?xml version="1.0" encoding="UTF-8"?>${options.prolog ?? ''}
<ofd:Page ${ns}>
  <ofd:Template TemplateID="2" ZOrder="Background"/>
  <ofd:Content><ofd:Layer ID="9">
    <ofd:TextObject ID="10" Boundary="60 8 100 12" Font="4" Size="7">
      <ofd:FillColor Value="128 0 0"/>
      <ofd:TextCode X="0" Y="8" DeltaX="g ${String(Array.from(title).length - 1)} 7.5">${title}</ofd:TextCode>
    </ofd:TextObject>
    <ofd:TextObject ID="11" Boundary="12 32 90 10" Font="4" Size="4">
      <ofd:TextCode X="0" Y="5" DeltaX="g 7 4.2">购买方名称：北京测试</ofd:TextCode>
    </ofd:TextObject>
    <ofd:TextObject ID="12" Boundary="12 47 120 10" Font="4" Size="4">
      <ofd:TextCode X="0" Y="5" DeltaX="g 9 4.2">项目名称：信息技术服务</ofd:TextCode>
    </ofd:TextObject>
    <ofd:TextObject ID="13" Boundary="12 62 120 10" Font="3" Size="4">
      <ofd:TextCode X="0" Y="5">Total CNY 1,280.00</ofd:TextCode>
    </ofd:TextObject>
    ${lines}
    <ofd:PathObject ID="40" Boundary="10 30 1 60" DrawParam="5"><ofd:AbbreviatedData>M 0 0 L 0 60</ofd:AbbreviatedData></ofd:PathObject>
    <ofd:PathObject ID="41" Boundary="200 30 1 60" DrawParam="5"><ofd:AbbreviatedData>M 0 0 L 0 60</ofd:AbbreviatedData></ofd:PathObject>
    <ofd:ImageObject ID="14" Boundary="12 8 16 16" CTM="16 0 0 16 0 0" ResourceID="6"/>
    ${options.clipped === true ? CLIPPED : ''}
  </ofd:Layer></ofd:Content>
</ofd:Page>`;
  const annotations = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Annotations ${ns}><ofd:Page PageID="1"><ofd:FileLoc>Page_0/Annotation.xml</ofd:FileLoc></ofd:Page></ofd:Annotations>`;
  const annotation = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:PageAnnot ${ns}><ofd:Annot ID="15" Type="Watermark"><ofd:Appearance Boundary="12 100 100 10">
  <ofd:TextObject ID="16" Boundary="0 0 100 10" Font="4" Size="4"><ofd:FillColor Value="0 0 160"/>
    <ofd:TextCode X="0" Y="5" DeltaX="g 4 4.2">备注已核验</ofd:TextCode></ofd:TextObject>
</ofd:Appearance></ofd:Annot></ofd:PageAnnot>`;
  const signatures = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Signatures ${ns}><ofd:Signature ID="1" BaseLoc="/Doc_0/Signs/Sign_0/Signature.xml"/></ofd:Signatures>`;
  const signature = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Signature ${ns}><ofd:SignedInfo><ofd:Provider ProviderName="test"/>
  <ofd:StampAnnot ID="1" PageRef="1" Boundary="150 95 36 36"/></ofd:SignedInfo>
  <ofd:SignedValue>/Doc_0/Signs/Sign_0/SignedValue.dat</ofd:SignedValue></ofd:Signature>`;
  // An SES_Signature's DER around the seal's picture: the picture is stored as it is.
  const signedValue = Buffer.concat([Buffer.from([0x30, 0x82, 0x10, 0x00, 0x04, 0x03]), seal]);
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    'OFD.xml': encode(ofd),
    'Doc_0/Document.xml': encode(document),
    'Doc_0/PublicRes.xml': encode(publicRes),
    'Doc_0/DocumentRes.xml': encode(documentRes),
    'Doc_0/Res/DejaVuSans.ttf': readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
    // Stored, as packagers store images already compressed.
    'Doc_0/Res/logo.png': [logo, { level: 0 }],
    'Doc_0/Tpls/Tpl_0/Content.xml': encode(template),
    'Doc_0/Pages/Page_0/Content.xml': encode(page),
    'Doc_0/Annots/Annotations.xml': encode(annotations),
    'Doc_0/Annots/Page_0/Annotation.xml': encode(annotation),
    'Doc_0/Signs/Signatures.xml': encode(signatures),
    'Doc_0/Signs/Sign_0/Signature.xml': encode(signature),
    'Doc_0/Signs/Sign_0/SignedValue.dat': signedValue,
  };
  return zipSync(files);
}
