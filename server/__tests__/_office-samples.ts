/**
 * Office samples made by LibreOffice itself from flat ODF written here, one per extension it can
 * write (the others are listed where they are used): no file of unknown licence ships.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.3"';

const flat = (mimetype: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<office:document ${NS} office:mimetype="application/vnd.oasis.opendocument.${mimetype}"><office:body>${body}</office:body></office:document>\n`;

/** A flat ODF spreadsheet of these `<table:table>` elements. */
export const flatSheet = (tables: string) =>
  flat('spreadsheet', `<office:spreadsheet>${tables}</office:spreadsheet>`);

/** Words in A1 and F30, every cell between them empty: the grid is drawn across 6 × 30 cells. */
export const GRID_SHEET = flatSheet(
  [
    '<table:table table:name="Sheet1">',
    '<table:table-row><table:table-cell office:value-type="string"><text:p>预算 Folio grid</text:p></table:table-cell></table:table-row>',
    '<table:table-row table:number-rows-repeated="28"><table:table-cell table:number-columns-repeated="6"/></table:table-row>',
    '<table:table-row><table:table-cell table:number-columns-repeated="5"/><table:table-cell office:value-type="string"><text:p>end</text:p></table:table-cell></table:table-row>',
    '</table:table>',
  ].join(''),
);
/** The words each sample holds, by the flat document it was made from. */
export const WORDS = {
  text: '季度报告 Folio text',
  sheet: '预算 Folio sheet',
  slides: '幻灯片 Folio slide',
  drawing: '图表 Folio drawing',
} as const;

const SOURCES = {
  text: ['sample.fodt', flat('text', `<office:text><text:p>${WORDS.text}</text:p></office:text>`)],
  sheet: [
    'sample.fods',
    flatSheet(
      `<table:table table:name="Sheet1"><table:table-row><table:table-cell office:value-type="string"><text:p>${WORDS.sheet}</text:p></table:table-cell></table:table-row></table:table>`,
    ),
  ],
  slides: [
    'sample.fodp',
    flat(
      'presentation',
      `<office:presentation><draw:page draw:name="one"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>${WORDS.slides}</text:p></draw:text-box></draw:frame></draw:page></office:presentation>`,
    ),
  ],
  drawing: [
    'sample.fodg',
    flat(
      'graphics',
      `<office:drawing><draw:page draw:name="one"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="12cm" svg:height="3cm"><draw:text-box><text:p>${WORDS.drawing}</text:p></draw:text-box></draw:frame></draw:page></office:drawing>`,
    ),
  ],
} as const;

export type Family = keyof typeof SOURCES;

/** The flat ODF a family's samples are made from. */
export const sampleSource = (family: Family): string => SOURCES[family][1];

/** Extension → the family it is made from and LibreOffice's export filter. */
const MADE: Partial<Record<string, [Family, string]>> = {
  '.docx': ['text', 'MS Word 2007 XML'],
  '.doc': ['text', 'MS Word 97'],
  '.dotx': ['text', 'MS Word 2007 XML Template'],
  '.dot': ['text', 'MS Word 97 Vorlage'],
  '.docm': ['text', 'MS Word 2007 XML VBA'],
  '.odt': ['text', 'writer8'],
  '.ott': ['text', 'writer8_template'],
  '.rtf': ['text', 'Rich Text Format'],
  '.xlsx': ['sheet', 'Calc MS Excel 2007 XML'],
  '.xls': ['sheet', 'MS Excel 97'],
  '.xltx': ['sheet', 'Calc MS Excel 2007 XML Template'],
  '.xlt': ['sheet', 'MS Excel 97 Vorlage/Template'],
  '.xlsm': ['sheet', 'Calc MS Excel 2007 VBA XML'],
  '.ods': ['sheet', 'calc8'],
  '.ots': ['sheet', 'calc8_template'],
  '.pptx': ['slides', 'Impress MS PowerPoint 2007 XML'],
  '.ppt': ['slides', 'MS PowerPoint 97'],
  '.potx': ['slides', 'Impress MS PowerPoint 2007 XML Template'],
  '.pot': ['slides', 'MS PowerPoint 97 Vorlage'],
  '.pptm': ['slides', 'Impress MS PowerPoint 2007 XML VBA'],
  '.odp': ['slides', 'impress8'],
  '.otp': ['slides', 'impress8_template'],
  '.odg': ['drawing', 'draw8'],
  '.emf': ['drawing', 'draw_emf_Export'],
  '.wmf': ['drawing', 'draw_wmf_Export'],
};

/**
 * `xml`, a flat ODF document of `family`, saved by LibreOffice as each of `exts` (extensions
 * {@link MADE} has a filter for), as `sample<ext>` bytes.
 */
export async function savedAs(
  family: Family,
  xml: string,
  exts: readonly string[],
): Promise<Map<string, Buffer>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-samples-'));
  try {
    const profile = pathToFileURL(path.join(dir, 'profile')).href;
    const source = path.join(dir, SOURCES[family][0]);
    await writeFile(source, xml);
    const saved = new Map<string, Buffer>();
    for (const ext of exts) {
      const made = MADE[ext];
      if (made?.[0] !== family) throw new Error(`no ${family} sample is made as ${ext}`);
      const out = path.join(dir, ext.slice(1));
      await mkdir(out);
      await run(
        'soffice',
        [
          `-env:UserInstallation=${profile}`,
          '--headless',
          '--norestore',
          '--convert-to',
          `${ext.slice(1)}:${made[1]}`,
          '--outdir',
          out,
          source,
        ],
        { timeout: 120_000 },
      );
      saved.set(ext, await readFile(path.join(out, `sample${ext}`)));
    }
    return saved;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Every sample as `sample<ext>` bytes, with the family whose words it holds; the flat ODF sources
 * themselves too (`.fodt .fods .fodp .fodg`).
 */
export async function makeOfficeSamples(): Promise<Map<string, [Family, Buffer]>> {
  const samples = new Map<string, [Family, Buffer]>();
  for (const [family, [name, xml]] of Object.entries(SOURCES) as [Family, [string, string]][]) {
    samples.set(path.extname(name), [family, Buffer.from(xml)]);
    const exts = Object.keys(MADE).filter((ext) => MADE[ext]?.[0] === family);
    for (const [ext, bytes] of await savedAs(family, xml, exts)) samples.set(ext, [family, bytes]);
  }
  return samples;
}
