/**
 * The office family through LibreOffice (facility/conversion/formats.ts): a sample of each
 * extension made by LibreOffice itself (_office-samples.ts), or zipped here where LibreOffice reads
 * but cannot write the format (`.pages .numbers .key .vsdx`: _iwork-visio-samples.ts), converts to
 * a PDF holding its words; a file whose old Office or WPS name lies is read as what it is, and one
 * that is nothing readable is refused.
 *
 * No binary Visio `.vsd` is tested: LibreOffice cannot write one, writing one by hand is
 * libvisio's reverse engineering, and no licensed sample ships (Debian's libvisio packages carry
 * none). A `.vsd` that is a `.vsdx` zip is. The Kingsoft WPS names are Office 97 files under WPS's
 * names, which is what Kingsoft writes by default.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { converted } from './_converted.ts';
import { iworkVisioSamples } from './_iwork-visio-samples.ts';
import { WORDS, makeOfficeSamples } from './_office-samples.ts';
import type { Family } from './_office-samples.ts';
import { FIXTURES, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(900_000);

/** The Kingsoft WPS names, each with the Office 97 sample it is written as. */
const WPS: Record<string, string> = {
  '.wps': '.doc',
  '.wpt': '.dot',
  '.et': '.xls',
  '.ett': '.xlt',
  '.dps': '.ppt',
  '.dpt': '.pot',
};

/** Every file's words were found in its PDF: its status, time and pages printed for the table. */
async function expectConverted(served: Served, families: Map<string, Family>): Promise<void> {
  const missing: string[] = [];
  for (const [id, family] of families) {
    const { meta, text, ms } = await converted(served, id);
    const pages = String(meta.body.pageCount);
    const found = text.replace(/\s/g, '').includes(WORDS[family].replace(/\s/g, ''));
    console.log(
      `${id}\t${String(meta.status)}\t${String(ms)} ms\t${pages} pages\t${String(found)}`,
    );
    if (meta.status !== 200 || !found) missing.push(`${id}: ${String(meta.status)} ${text}`);
  }
  expect(missing).toEqual([]);
}

describe('the office family', () => {
  let served: Served;
  // Copies of samples (WPS names, lying names) on a server of their own: over the same cache the
  // same bytes would be served from it, never converted under their own names.
  let copies: Served;
  const families = new Map<string, Family>();
  const wps = new Map<string, Family>();

  beforeAll(async () => {
    const samples = new Map([...(await makeOfficeSamples()), ...iworkVisioSamples()]);
    const files: Record<string, Buffer> = {};
    for (const [ext, [family, bytes]] of samples) {
      files[`sample${ext}`] = bytes;
      families.set(`sample${ext}`, family);
    }
    const copied: Record<string, Buffer | string> = {};
    for (const [ext, as] of Object.entries(WPS)) {
      const sample = samples.get(as);
      if (sample === undefined) throw new Error(`no ${as} sample`);
      copied[`sample${ext}`] = sample[1];
      wps.set(`sample${ext}`, sample[0]);
    }
    const pdf = await PDFDocument.create();
    pdf.addPage();
    Object.assign(copied, {
      'really-rtf.doc': await readFile(path.join(FIXTURES, 'three-pages.rtf')),
      'really-html.doc': `<!DOCTYPE html><html><body><p>${WORDS.text}</p></body></html>`,
      'really-docx.doc': samples.get('.docx')?.[1] ?? Buffer.alloc(0),
      'really-vsdx.vsd': samples.get('.vsdx')?.[1] ?? Buffer.alloc(0),
      'really-html.xls': `<html><body><table><tr><td>${WORDS.sheet}</td><td>42</td></tr></table></body></html>`,
      'nothing.doc': Buffer.from('not a document at all, just words'),
      'nothing.xyz': Buffer.from('not a document at all, just words'),
      'a-pdf.bin': Buffer.from(await pdf.save()),
    });
    // Workbooks as pages, the PDF path (SHEET_VIEW=pages); the grid is sheets.test.ts's.
    served = await startServe({ files, options: { sheetView: 'pages' } });
    copies = await startServe({ files: copied, options: { sheetView: 'pages' } });
  });
  afterAll(async () => {
    await served.close();
    await copies.close();
  });

  test('every sample converts to a PDF that holds its words', async () => {
    await expectConverted(served, families);
  });

  test('Kingsoft WPS names convert under their own names', async () => {
    await expectConverted(copies, wps);
  });

  test.each([
    ['really-rtf.doc', 'Foliopageone'],
    ['really-html.doc', '季度报告'],
    ['really-docx.doc', '季度报告'],
    ['really-vsdx.vsd', '图表'],
    ['really-html.xls', '预算'],
  ])('%s is read as what it is', async (id, words) => {
    const { meta, text } = await converted(copies, id);
    expect(meta.status).toBe(200);
    expect(text.replace(/\s/g, '')).toContain(words);
  });

  test.each(['nothing.doc', 'nothing.xyz'])('%s is refused as unsupported', async (id) => {
    const { meta } = await converted(copies, id);
    expect(meta).toMatchObject({ status: 415, body: { error: 'unsupported' } });
  });

  test('a PDF under another name is served as the PDF it is', async () => {
    const { meta } = await converted(copies, 'a-pdf.bin');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
  });
});
