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
    flat(
      'spreadsheet',
      `<office:spreadsheet><table:table table:name="Sheet1"><table:table-row><table:table-cell office:value-type="string"><text:p>${WORDS.sheet}</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet>`,
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

/** Extension → the family it is made from and LibreOffice's export filter. */
const MADE: Record<string, [Family, string]> = {
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
 * Every sample as `sample<ext>` bytes, with the family whose words it holds; the flat ODF sources
 * themselves too (`.fodt .fods .fodp .fodg`).
 */
export async function makeOfficeSamples(): Promise<Map<string, [Family, Buffer]>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-samples-'));
  try {
    const profile = pathToFileURL(path.join(dir, 'profile')).href;
    const samples = new Map<string, [Family, Buffer]>();
    for (const [family, [name, xml]] of Object.entries(SOURCES) as [Family, [string, string]][]) {
      await writeFile(path.join(dir, name), xml);
      samples.set(path.extname(name), [family, Buffer.from(xml)]);
    }
    for (const [ext, [family, filter]] of Object.entries(MADE)) {
      const out = path.join(dir, ext.slice(1));
      await mkdir(out);
      const source = path.join(dir, SOURCES[family][0]);
      await run(
        'soffice',
        [
          `-env:UserInstallation=${profile}`,
          '--headless',
          '--norestore',
          '--convert-to',
          `${ext.slice(1)}:${filter}`,
          '--outdir',
          out,
          source,
        ],
        { timeout: 120_000 },
      );
      const made = path.join(out, `sample${ext}`);
      samples.set(ext, [family, await readFile(made)]);
    }
    return samples;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
