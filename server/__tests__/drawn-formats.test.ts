/**
 * OFD, EPUB, XMind, draw.io and BPMN through `npm run serve`'s app (docs/server.md, "Formats"):
 * each drawn as PDF pages in the pool with its text searchable, and each kind's hostile files
 * answered clearly while health keeps answering (docs/server.md, "Limits").
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { bpmn, drawio } from '../../facility/conversion/__tests__/_diagrams.ts';
import { book } from '../../facility/conversion/__tests__/_epub.ts';
import { invoiceOfd } from '../../facility/conversion/__tests__/_ofd.ts';
import { jsonMap, wideJsonMap, xmlMap } from '../../facility/conversion/__tests__/_xmind.ts';
import sharp from 'sharp';
import { converted } from './_converted.ts';
import { countPixels } from './_image.ts';
import { pollHealth } from './_health.ts';
import { pngBomb } from './_hostile.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(180_000);

const PDF_OUTLINE = fileURLToPath(new URL('_pdf-outline.ts', import.meta.url));
/** pdf.js splits text into runs: compared without the breaks and spaces between them. */
const squeezed = (text: string) => text.replace(/\s/g, '');

const LAUGHS = `<!DOCTYPE ofd:Page [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY file SYSTEM "file:///etc/passwd">
]>`;

describe('OFD, EPUB, mind maps and diagrams become PDF pages', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe({
      files: {
        'invoice.ofd': await invoiceOfd(),
        'two-documents.ofd': await invoiceOfd({ twoDocuments: true }),
        'clipped.ofd': await invoiceOfd({ clipped: true }),
        'book.epub': await book(),
        'book-ncx.epub': await book({ ncx: true, paragraphs: 60 }),
        'plan.xmind': jsonMap(),
        'plan-xmind8.xmind': xmlMap(),
        'orders.drawio': drawio(),
        'orders.dio': drawio(true),
        'invoice.bpmn': bpmn(),
      },
    });
  });
  afterAll(() => served.close());

  test('an OFD invoice: its text, the fallback font’s Chinese and the embedded font’s Latin', async () => {
    const { meta, text } = await converted(served, 'invoice.ofd');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const words = squeezed(text);
    // The template's, the page's and the annotation's text.
    for (const expected of [
      '发票联',
      '电子发票（普通发票）',
      '购买方名称：北京测试',
      'TotalCNY1,280.00',
      '备注已核验',
    ]) {
      expect(words).toContain(expected);
    }
  });

  test('an OFD object is drawn inside its clipping areas only', async () => {
    const { meta } = await converted(served, 'clipped.ofd');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const previews = meta.body.previews as { url: string };
    // 210 mm at 480 px: 2.29 px a millimetre.
    const res = await fetch(
      `${served.api}${previews.url.replace('{page}', '1').replace('{width}', '480')}`,
    );
    expect(res.status).toBe(200);
    const page = Buffer.from(await res.arrayBuffer());
    const red = (r: number, g: number, b: number) => r > 180 && g < 90 && b < 90;
    const region = async (left: number, top: number) =>
      countPixels(
        await sharp(page).extract({ left, top, width: 24, height: 32 }).png().toBuffer(),
        red,
      );
    // The rectangle is 115–145 × 112–132 mm; its clip (two areas' union) keeps 115–130 mm.
    const kept = await region(268, 262);
    const cut = await region(302, 262);
    expect(kept.count / (24 * 32)).toBeGreaterThan(0.9);
    expect(cut.count).toBe(0);
  });

  test('a package of two OFD documents opens its first', async () => {
    const { meta, text } = await converted(served, 'two-documents.ofd');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    expect(squeezed(text)).toContain('电子发票');
  });

  test.each([
    ['book.epub', 3],
    // Its last chapter runs on for pages (how many depends on the installed CJK font).
    ['book-ncx.epub', 4],
  ])('%s: the spine in order as pages, the table of contents as the outline', async (id, pages) => {
    const { meta, text } = await converted(served, id);
    expect(meta.status).toBe(200);
    expect(meta.body.pageCount).toBeGreaterThanOrEqual(pages);
    const words = squeezed(text);
    const order = [
      'ChapterOne:TheKeeper',
      '灯塔的光照亮了整个海湾。',
      'TheNightWatch',
      'ChapterThree:TheLog',
    ];
    const at = order.map((word) => words.indexOf(word));
    expect(at.every((position) => position >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const res = await fetch(`${served.api}documents/${id}/content`);
    const dir = await mkdtemp(path.join(tmpdir(), 'folio-outline-'));
    try {
      const file = path.join(dir, 'book.pdf');
      await writeFile(file, Buffer.from(await res.arrayBuffer()));
      const outline = execFileSync(process.execPath, [PDF_OUTLINE, file], { encoding: 'utf8' });
      expect(outline.trim().split('\n')).toEqual([
        'Chapter One: The Keeper → 1',
        '第二章 灯塔 → 2',
        '  The Night Watch → 2',
        'Chapter Three: The Log → 3',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test.each(['plan.xmind', 'plan-xmind8.xmind'])('%s: its topics drawn as a tree', async (id) => {
    const { meta, text } = await converted(served, id);
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const words = squeezed(text);
    // Markers before their titles: priority 1 and a task half done, a task done, a flag and a
    // smiley (drawn as the sign of another marker).
    for (const topic of [
      '项目计划',
      '①◑Research',
      '●Interviews',
      '设计Design',
      'Prototype',
      '▲◆Launch',
    ]) {
      expect(words).toContain(topic);
    }
    // XMind 2020's package is read from its JSON, not the content.xml that says to upgrade.
    expect(words).not.toContain('upgrade');
  });

  test.each([
    ['orders.drawio', ['Orderreceived', 'Instock?', '发货Ship', 'yes']],
    ['orders.dio', ['Orderreceived', 'Instock?', '发货Ship', 'yes']],
    [
      'invoice.bpmn',
      ['Invoicearrives', '审核发票Checkinvoice', 'Valid?', 'Paid', 'Rejected', 'no'],
    ],
  ])('%s: drawn as its diagram with its labels', async (id, labels) => {
    const { meta, text } = await converted(served, id);
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const words = squeezed(text);
    for (const label of labels) expect(words).toContain(label);
    // A label's HTML is its text, never markup.
    expect(words).not.toContain('<b>');
  });
});

describe('hostile OFD, EPUB and XMind files are answered clearly, health answering', () => {
  let served: Served;
  let remote: ReturnType<typeof createServer>;
  let remoteHits = 0;
  beforeAll(async () => {
    remote = createServer((_req, res) => {
      remoteHits += 1;
      res.end();
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const { port } = remote.address() as AddressInfo;
    const remoteImage = `http://127.0.0.1:${String(port)}/tracker.png`;
    // A page of 70 MB of spaces: a thousandfold inflation.
    const bomb = zipSync({
      'OFD.xml': strToU8('<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"/>'),
      'Doc_0/Document.xml': new Uint8Array(70 * 1024 ** 2).fill(0x20),
    });
    served = await startServe({
      files: {
        'laughs.ofd': await invoiceOfd({ prolog: LAUGHS, titleText: '&lol9;&file;发票' }),
        'huge-page.ofd': await invoiceOfd({ box: '0 0 100000000 100000000' }),
        'huge-image.ofd': await invoiceOfd({ logo: await pngBomb() }),
        'bomb.ofd': bomb,
        'not-a-zip.ofd': 'OFD.xml, honestly',
        'script.epub': await book({
          hostile: `<script>document.title = 'pwned'</script><p onclick="steal()">Click</p><img src="${remoteImage}"/><img src="//127.0.0.1:${String(port)}/b.png"/>`,
        }),
        'million.xmind': wideJsonMap(1_000_000),
        // A compressed draw.io page of 40 MB of spaces: 40 KB in the file.
        'bomb.drawio': `<mxfile><diagram name="p">${deflateRawSync(Buffer.alloc(40 * 1024 ** 2, ' ')).toString('base64')}</diagram></mxfile>`,
      },
    });
  });
  afterAll(async () => {
    await served.close();
    await new Promise((resolve) => remote.close(resolve));
  });

  test('an OFD whose XML declares entities: none expanded, no file read, drawn', async () => {
    const health = pollHealth(served);
    const { meta, text, ms } = await converted(served, 'laughs.ofd');
    const statuses = await health.stop();
    expect(meta.status).toBe(200);
    expect(text).not.toContain('lollol');
    expect(text).not.toContain('root:');
    expect(squeezed(text)).toContain('发票');
    expect(ms).toBeLessThan(30_000);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  test.each([
    [
      'huge-page.ofd',
      413,
      /a page is declared 100000000 × 100000000 mm; the limit is 5000 mm a side/,
    ],
    ['huge-image.ofd', 413, /an image is 20000 × 20000 pixels; the limit is 40 megapixels/],
    [
      'bomb.ofd',
      413,
      /inflates \d+ times its \d+ stored bytes; the cap on compression ratio is 100/,
    ],
    ['not-a-zip.ofd', 415, /not a readable zip/],
    ['million.xmind', 413, /more than 20000 topics; the limit is 20000/],
    ['bomb.drawio', 413, /a page of the diagram inflates past 32 MB, the cap on one page/],
  ])('%s: %d with why, health answering', async (id, status, message) => {
    const health = pollHealth(served);
    const { meta } = await converted(served, id);
    const statuses = await health.stop();
    expect(meta.status).toBe(status);
    expect(String(meta.body.message)).toMatch(message);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((answer) => answer === 200)).toBe(true);
  });

  test('an EPUB’s script is never run or shown, its remote images never fetched', async () => {
    const { meta, text } = await converted(served, 'script.epub');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 3 } });
    expect(text).not.toContain('pwned');
    expect(text).not.toContain('steal');
    expect(squeezed(text)).toContain('Click');
    expect(remoteHits).toBe(0);
  });
});
