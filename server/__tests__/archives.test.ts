/**
 * Archives and e-mail through the real `npm run serve` app with signed links (docs/server.md,
 * "Archives and e-mail"): a listing answered from the archive's own directory, its entries opened
 * as documents with the archive's token, policy and watermark, a view-only reader refused their
 * bytes, and every hostile archive answered with its code while health keeps answering.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { SignJWT } from 'jose';
import { buildMsg } from '../../facility/archives/__tests__/_msg.ts';
import { buildZip } from '../../facility/archives/__tests__/_zip.ts';
import { secretKey } from '../auth-keys.ts';
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { FIXTURES, pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(180_000);

const SECRET = 'a'.repeat(40);
const now = () => Math.floor(Date.now() / 1000);
const POLICY = JSON.stringify({
  watermarkInfo: { text: '{name}', fontSize: 20 },
  param: { download: true, print: false },
});

let served: Served;

async function tarGz(files: Record<string, string | Uint8Array>, name: string, flags: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-tree-'));
  try {
    for (const [file, bytes] of Object.entries(files)) await writeFile(path.join(dir, file), bytes);
    const out = path.join(dir, name);
    if (name.endsWith('.7z'))
      execFileSync('7zz', ['a', '-bd', out, ...Object.keys(files)], { cwd: dir });
    else execFileSync('bsdtar', [flags, out, ...Object.keys(files)], { cwd: dir });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function eml(pdf: Uint8Array): string {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
    'base64',
  );
  return [
    'From: Li Lei <li@example.com>',
    'To: Han Meimei <han@example.com>',
    'Cc: Wang <wang@example.com>',
    'Subject: =?UTF-8?B?5ZCI5ZCM6ZmE5Lu2?=',
    'Date: Fri, 02 Jan 2026 03:04:05 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    '--outer',
    'Content-Type: multipart/related; boundary="inner"',
    '',
    '--inner',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p onclick="steal()">Hello <b>there</b><img src="cid:logo@x"><img src="https://tracker.example/p.gif" alt="pixel"></p><script>alert(1)</script>',
    '--inner',
    'Content-Type: image/png',
    'Content-ID: <logo@x>',
    'Content-Transfer-Encoding: base64',
    '',
    png.toString('base64'),
    '--inner--',
    '--outer',
    'Content-Type: application/pdf; name="contract.pdf"',
    'Content-Disposition: attachment; filename="contract.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(pdf).toString('base64'),
    '--outer--',
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  const pdf = await plainPdf(2);
  const docx = await readFile(path.join(FIXTURES, 'three-pages.docx'));
  const zeros = Buffer.alloc(64 * 1024 * 1024);
  let deep: Uint8Array = buildZip([{ name: 'bottom.pdf', data: pdf }]);
  for (let level = 0; level < 10; level += 1) {
    deep = buildZip([{ name: `level-${String(level)}.zip`, data: deep, method: 0 }]);
  }
  served = await startServe({
    files: {
      'scans.zip': buildZip([
        { name: iconv.encode('合同/2026/报告.pdf', 'gbk'), data: pdf },
        { name: iconv.encode('合同/说明.docx', 'gbk'), data: docx },
        {
          name: iconv.encode('合同/内嵌.zip', 'gbk'),
          data: buildZip([{ name: 'inner.pdf', data: pdf }]),
        },
      ]),
      'scans.zip.json': POLICY,
      'view-only.zip': buildZip([{ name: 'a.pdf', data: pdf }]),
      'view-only.zip.json': JSON.stringify({ viewOnly: 'always', param: { download: true } }),
      'logs.tar.gz': await tarGz(
        { 'app.log': 'started\n', 'report.pdf': pdf },
        'logs.tar.gz',
        '-czf',
      ),
      'supplier.7z': await tarGz({ 'quote.pdf': pdf, 'readme.txt': 'hi' }, 'supplier.7z', ''),
      'mail.eml': eml(pdf),
      'outlook.msg': buildMsg({
        subject: '季度报告',
        from: { name: 'Li Lei', email: 'li@example.com' },
        to: [{ name: 'Han', email: 'han@example.com' }],
        body: 'Plain body',
        html: '<p>HTML <script>x()</script>body</p>',
        attachments: [{ name: 'report.pdf', data: pdf }],
      }),
      'bomb.zip': buildZip(
        Array.from({ length: 40 }, (_, at) => ({ name: `z${String(at)}.txt`, data: zeros })),
      ),
      'overlap.zip': buildZip([
        { name: 'a.txt', data: Buffer.alloc(1000, 'a') },
        ...Array.from({ length: 50 }, (_, at) => ({ name: `c${String(at)}.txt`, sharesDataOf: 0 })),
      ]),
      'many.zip': buildZip(
        Array.from({ length: 100_000 }, (_, at) => ({
          name: `e${String(at)}`,
          method: 0 as const,
        })),
      ),
      'deep.zip': deep,
      'slip.zip': buildZip([
        { name: '../../../../tmp/folio-slip.txt', data: Buffer.from('x') },
        { name: 'link', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
      ]),
      'secret.zip': buildZip([{ name: 'secret.pdf', data: pdf, encrypted: true }]),
    },
    options: { auth: { mode: 'tokens', keys: [secretKey(SECRET)] } },
  });
});

afterAll(() => served.close());

function token(doc: string, perm?: string[]): Promise<string> {
  return new SignJWT({ doc, name: 'Li Lei', exp: now() + 600, ...(perm && { perm }) })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));
}

/** `id`'s answer (`suffix` after it) with a token for `doc`; `raw`: `id` is a whole api/ path. */
async function get(
  id: string,
  doc: string,
  suffix = '',
  options: { perm?: string[]; raw?: true; doc?: string } = {},
) {
  const url = options.raw
    ? `${served.api}${id}`
    : `${served.api}documents/${encodeURIComponent(id)}`;
  const res = await fetch(`${url}${suffix}`, {
    headers: { Authorization: `Bearer ${await token(options.doc ?? doc, options.perm)}` },
  });
  const type = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  const body = type.includes('json')
    ? (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>)
    : {};
  return { status: res.status, body, bytes, type };
}

interface ListingBody {
  view: string;
  listing: {
    kind: string;
    entries: { id: string; path: string; size: number; opens: boolean }[];
    message?: Record<string, unknown>;
  };
  watermarkInfo: { text: string };
}

describe('a zip with Chinese names', () => {
  it('is listed from its directory, names decoded, with the archive policy and watermark', async () => {
    const { status, body } = await get('scans.zip', 'scans.zip');
    expect(status).toBe(200);
    const listing = body as unknown as ListingBody;
    expect(listing.view).toBe('listing');
    expect(listing.watermarkInfo.text).toBe('Li Lei');
    expect(listing.listing.entries.map((entry) => [entry.id, entry.path, entry.opens])).toEqual([
      ['scans.zip!1', '合同/2026/报告.pdf', true],
      ['scans.zip!2', '合同/说明.docx', true],
      ['scans.zip!3', '合同/内嵌.zip', true],
    ]);
    expect(body).not.toHaveProperty('fileUrl');
  });

  it('opens an entry PDF and an entry DOCX with the archive token, and an archive inside', async () => {
    const headers = { Authorization: `Bearer ${await token('scans.zip')}` };
    const pdf = (await pollUntilSettled(served, 'scans.zip!1', 60_000, headers)).at(-1);
    expect(pdf?.status).toBe(200);
    expect(pdf?.body).toEqual(
      expect.objectContaining({
        title: '报告',
        pageCount: 2,
        fileUrl: `documents/${encodeURIComponent('scans.zip!1')}/content`,
        watermarkInfo: expect.objectContaining({ text: 'Li Lei' }) as unknown,
        param: expect.objectContaining({ print: false }) as unknown,
      }),
    );
    const previews = pdf?.body.previews as { url: string };
    const preview = await get(
      previews.url.replace('{page}', '1').replace('{width}', '240'),
      '',
      '',
      {
        raw: true,
        doc: 'scans.zip',
      },
    );
    expect([preview.status, preview.type]).toEqual([200, 'image/webp']);
    const content = await get('scans.zip!1', 'scans.zip', '/content');
    expect(content.status).toBe(200);
    expect(content.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const nested = await get('scans.zip!3!1', 'scans.zip');
    expect(nested.status).toBe(200);
    expect(nested.body).toEqual(expect.objectContaining({ title: 'inner', pageCount: 2 }));
    const docx = (await pollUntilSettled(served, 'scans.zip!2', 120_000, headers)).at(-1);
    expect([200, 503]).toContain(docx?.status); // 503 only on a machine without LibreOffice
    if (docx?.status === 200) expect(docx.body.pageCount).toBe(3);
    const original = await get('scans.zip!1', 'scans.zip', '/original');
    expect(original.status).toBe(200);
  });

  it('refuses a token for another archive, and an entry token for its archive', async () => {
    expect((await get('scans.zip!1', 'logs.tar.gz')).status).toBe(403);
    expect((await get('scans.zip', 'scans.zip!1')).status).toBe(403);
  });
});

describe('other archives and e-mail', () => {
  it('lists a .tar.gz and a .7z and opens their PDFs', async () => {
    for (const [id, names] of [
      ['logs.tar.gz', ['app.log', 'report.pdf']],
      ['supplier.7z', ['quote.pdf', 'readme.txt']],
    ] as const) {
      const { status, body } = await get(id, id);
      expect(status).toBe(200);
      const entries = (body as unknown as ListingBody).listing.entries;
      expect(entries.map((entry) => entry.path).sort()).toEqual([...names]);
      const pdf = entries.find((entry) => entry.path.endsWith('.pdf'));
      if (!pdf) throw new Error('no pdf');
      const opened = await get(pdf.id, id);
      expect(opened.status).toBe(200);
      expect(opened.body.pageCount).toBe(2);
    }
  });

  it('opens an .eml: header fields, the HTML body sanitised with its inline image, the PDF attachment', async () => {
    const { status, body } = await get('mail.eml', 'mail.eml');
    expect(status).toBe(200);
    const { listing } = body as unknown as ListingBody;
    expect(listing.kind).toBe('email');
    expect(listing.message).toEqual(
      expect.objectContaining({
        from: 'Li Lei <li@example.com>',
        to: ['Han Meimei <han@example.com>'],
        cc: ['Wang <wang@example.com>'],
        subject: '合同附件',
        date: '2026-01-02T03:04:05.000Z',
      }),
    );
    const html = String(listing.message?.html);
    expect(html).toContain('<b>there</b>');
    expect(html).toContain('src="data:image/png;base64,');
    expect(html).not.toMatch(/script|onclick|tracker\.example/);
    expect(listing.entries).toEqual([
      expect.objectContaining({ path: 'contract.pdf', opens: true }),
    ]);
    const attachment = listing.entries.at(0);
    const opened = await get(attachment?.id ?? '', 'mail.eml');
    expect(opened.status).toBe(200);
    expect(opened.body.pageCount).toBe(2);
  });

  it('opens a .msg', async () => {
    const { status, body } = await get('outlook.msg', 'outlook.msg');
    expect(status).toBe(200);
    const { listing } = body as unknown as ListingBody;
    expect(listing.message).toEqual(
      expect.objectContaining({
        subject: '季度报告',
        from: 'Li Lei <li@example.com>',
        text: 'Plain body',
      }),
    );
    expect(String(listing.message?.html)).not.toContain('script');
    const attachment = listing.entries.at(0);
    expect(attachment?.path).toBe('report.pdf');
    const opened = await get(attachment?.id ?? '', 'outlook.msg');
    expect(opened.status).toBe(200);
    expect(opened.body.pageCount).toBe(2);
  });
});

describe('view only', () => {
  it('gives a view-only reader the entry as page images, never its bytes', async () => {
    const listing = await get('view-only.zip', 'view-only.zip');
    expect(listing.status).toBe(200);
    const meta = await get('view-only.zip!1', 'view-only.zip');
    expect(meta.status).toBe(200);
    expect(meta.body).not.toHaveProperty('fileUrl');
    const { pages } = meta.body.viewOnly as { pages: string };
    const image = await get(pages.replace('{page}', '1').replace('{width}', '480'), '', '', {
      raw: true,
      doc: 'view-only.zip',
    });
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/webp');
    for (const suffix of ['/content', '/original']) {
      const refused = await get('view-only.zip!1', 'view-only.zip', suffix);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 403,
        body: expect.objectContaining({ error: 'view_only' }) as unknown,
      });
    }
    const archive = await get('view-only.zip', 'view-only.zip', '/original');
    expect(archive.status).toBe(403);
  });
});

describe('hostile archives', () => {
  it.each([
    ['bomb.zip', 413, 'too_large', 'total inflated bytes'],
    ['overlap.zip', 422, 'bad_archive', 'overlap'],
    ['many.zip', 413, 'too_large', 'entry count'],
    [`deep.zip${'!1'.repeat(10)}`, 413, 'too_large', 'nesting depth'],
    ['secret.zip!1', 422, 'password_required', 'password'],
    ['slip.zip!2', 415, 'unsupported', 'link'],
  ])('%s: %i %s, health answering', async (id, status, error, message) => {
    const archive = id.split('!')[0] ?? id;
    const startedAt = Date.now();
    const [answer, health] = await Promise.all([
      get(id, archive),
      fetch(`${served.api}health`).then((res) => res.status),
    ]);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status,
      body: expect.objectContaining({
        error,
        message: expect.stringContaining(message) as unknown,
      }) as unknown,
    });
    expect(health).toBe(200);
    expect((await fetch(`${served.api}health`)).status).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(20_000);
  });

  it('lists a climbing name as a plain path and extracts it under a hash only', async () => {
    const { body } = await get('slip.zip', 'slip.zip');
    const entries = (body as unknown as ListingBody).listing.entries;
    expect(entries.map((entry) => entry.path)).toEqual(['tmp/folio-slip.txt']);
    expect((await get('slip.zip!1', 'slip.zip')).status).toBe(200);
    await expect(readFile('/tmp/folio-slip.txt')).rejects.toThrow();
  });
});
