/**
 * E-mails as listings (docs/server.md, "Archives and e-mail"): an `.eml` and a `.msg` read into
 * their header fields, bodies and attachments, and the HTML body made safe to show — nothing runs,
 * nothing remote is fetched, inline images become data: URLs within their budget.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ARCHIVE_LIMITS } from '../listing.ts';
import { eml, msg } from '../mail.ts';
import { sanitizeMailHtml } from '../mail-html.ts';
import { buildMsg } from './_msg.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-mail-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const PIXEL = 'data:image/png;base64,iVBORw0KGgo=';

describe('the HTML body', () => {
  const clean = (html: string, budget = 1_000_000) =>
    sanitizeMailHtml(html, new Map([['logo@x', PIXEL]]), budget);

  it.each([
    ['<script>alert(1)</script><p>kept</p>', '<p>kept</p>'],
    ['<p onclick="x()" onmouseover="y()">a</p>', '<p>a</p>'],
    ['<style>body{background:url(https://t.example/a)}</style>b', 'b'],
    ['<p style="background:url(https://t.example/a)">c</p>', '<p>c</p>'],
    ['<p style="color:red">d</p>', '<p style="color:red">d</p>'],
    ['<p style="background:u\\72l(https://t.example/a)">d</p>', '<p>d</p>'],
    ['<p style="background:image-set(\'https://t.example/a\' 1x)">d</p>', '<p>d</p>'],
    ['<img src="https://t.example/pixel.gif" alt="pixel">', '[pixel]'],
    ['<img src="cid:logo@x">', `<img src="${PIXEL}">`],
    ['<img src="cid:missing@x">', ''],
    ['<a href="javascript:alert(1)">e</a>', '<a rel="noopener noreferrer" target="_blank">e</a>'],
    [
      '<a href="https://example.com/">f</a>',
      '<a href="https://example.com/" rel="noopener noreferrer" target="_blank">f</a>',
    ],
    ['<iframe src="https://t.example/"></iframe><object data="x"></object>g', 'g'],
    ['<link rel="stylesheet" href="https://t.example/s.css"><meta http-equiv="refresh">h', 'h'],
    ['<svg><image href="https://t.example/a"/></svg>i', 'i'],
    ['<form action="https://t.example/"><input name="q"></form>j', 'j'],
    [
      '<p title="&quot;><script>">k &lt;b&gt;</p>',
      '<p title="&quot;&gt;&lt;script&gt;">k &lt;b&gt;</p>',
    ],
  ])('%s → %s', (html, expected) => {
    expect(clean(html)).toBe(expected);
  });

  it('keeps inline images within their byte budget', () => {
    expect(clean('<img src="cid:logo@x"><img src="cid:logo@x">', PIXEL.length + 10)).toBe(
      `<img src="${PIXEL}">`,
    );
  });
});

describe('an .eml', () => {
  it('lists its attachments (a forwarded message as an .eml), not the images its body shows', async () => {
    const file = path.join(dir, 'mail.eml');
    await writeFile(
      file,
      [
        'From: =?UTF-8?B?5p2O6Zu3?= <li@example.com>',
        'To: a@example.com, "B" <b@example.com>',
        'Subject: Quarterly',
        'Date: Fri, 02 Jan 2026 03:04:05 +0800',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hello',
        '--b',
        'Content-Type: text/csv; name="figures.csv"',
        'Content-Disposition: attachment; filename="figures.csv"',
        '',
        'a,b',
        '--b',
        'Content-Type: message/rfc822',
        'Content-Disposition: attachment',
        '',
        'From: c@example.com',
        'Subject: Forwarded',
        '',
        'Inner body',
        '--b--',
        '',
      ].join('\r\n'),
    );
    const { entries, message } = await eml.list(file, DEFAULT_ARCHIVE_LIMITS);
    expect(message).toEqual({
      from: '李雷 <li@example.com>',
      to: ['a@example.com', 'B <b@example.com>'],
      cc: [],
      date: '2026-01-01T19:04:05.000Z',
      subject: 'Quarterly',
      text: 'Hello',
    });
    expect(entries).toEqual([
      { index: 1, path: 'figures.csv', size: 3, type: 'file' },
      expect.objectContaining({ index: 2, path: 'attachment-2.eml', type: 'file' }),
    ]);
    const inner = entries.at(1);
    if (!inner) throw new Error('no forwarded message');
    await eml.extract(file, inner, path.join(dir, 'inner.eml'), DEFAULT_ARCHIVE_LIMITS);
    const forwarded = await eml.list(path.join(dir, 'inner.eml'), DEFAULT_ARCHIVE_LIMITS);
    expect(forwarded.message).toEqual(
      expect.objectContaining({
        subject: 'Forwarded',
        text: expect.stringMatching(/^Inner body/) as unknown,
      }),
    );
    const entry = entries.at(0);
    if (!entry) throw new Error('no entry');
    await eml.extract(file, entry, path.join(dir, 'figures.out'), DEFAULT_ARCHIVE_LIMITS);
    expect(await readFile(path.join(dir, 'figures.out'), 'utf8')).toBe('a,b');
  });
});

describe('a .msg', () => {
  it('reads its sender, recipients, bodies and attachments', async () => {
    const file = path.join(dir, 'note.msg');
    await writeFile(
      file,
      buildMsg({
        subject: '会议纪要',
        from: { name: 'Li Lei', email: 'li@example.com' },
        to: [
          { name: 'Han', email: 'han@example.com' },
          { name: 'Wang', email: 'wang@example.com' },
        ],
        body: 'See attached',
        html: '<p onclick="x()">See <b>attached</b></p><img src="https://t.example/p.gif">',
        attachments: [{ name: '纪要.docx', data: Buffer.from('not really a docx') }],
      }),
    );
    const { entries, message } = await msg.list(file, DEFAULT_ARCHIVE_LIMITS);
    expect(message).toEqual(
      expect.objectContaining({
        from: 'Li Lei <li@example.com>',
        to: ['Han <han@example.com>', 'Wang <wang@example.com>'],
        subject: '会议纪要',
        text: 'See attached',
        html: '<p>See <b>attached</b></p>',
      }),
    );
    expect(entries).toEqual([{ index: 1, path: '纪要.docx', size: 17, type: 'file' }]);
    const entry = entries.at(0);
    if (!entry) throw new Error('no entry');
    await msg.extract(file, entry, path.join(dir, 'att.out'), DEFAULT_ARCHIVE_LIMITS);
    expect(await readFile(path.join(dir, 'att.out'), 'utf8')).toBe('not really a docx');
  });

  it('lists an RTF body, when there is no HTML one, as an entry that opens as .rtf', async () => {
    const file = path.join(dir, 'rtf.msg');
    const rtf = '{\\rtf1\\ansi Hello \\b bold\\b0}';
    await writeFile(
      file,
      buildMsg({
        subject: 'RTF',
        from: { name: 'A', email: 'a@example.com' },
        to: [],
        body: 'Hello bold',
        rtf,
        attachments: [{ name: 'a.txt', data: Buffer.from('a') }],
      }),
    );
    const { entries } = await msg.list(file, DEFAULT_ARCHIVE_LIMITS);
    expect(entries.map((entry) => [entry.index, entry.path])).toEqual([
      [1, 'a.txt'],
      [2, 'message.rtf'],
    ]);
    const body = entries.at(1);
    if (!body) throw new Error('no body');
    await msg.extract(file, body, path.join(dir, 'body.rtf'), DEFAULT_ARCHIVE_LIMITS);
    expect(await readFile(path.join(dir, 'body.rtf'), 'latin1')).toBe(rtf);
  });
});
