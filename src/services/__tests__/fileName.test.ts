/** behaviour.md, "The facility's policy" download: the saved file's name, from an untrusted title, safe on every system. */
import {
  downloadFileName,
  extensionFromDisposition,
  extensionFromType,
  FALLBACK_BASE,
  fileBase,
  FILE_NAME_LIMITS,
} from '../fileName';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('fileBase: the title as a file name', () => {
  it.each([
    ['an ordinary title', 'Annual report 2026', 'Annual report 2026'],
    ['path separators', 'Q3/Q4\\draft', 'Q3_Q4_draft'],
    ['a path that climbs out', '../../etc/passwd', '_.._etc_passwd'],
    ['only separators', '///', '___'],
    ['characters Windows refuses', 'a:b*c?d"e<f>g|h', 'a_b_c_d_e_f_g_h'],
    ['control characters', 'a\u0000b\u001fc\u007fd\u0085e', 'a_b_c_d_e'],
    ['leading dots (a hidden file)', '...secret', 'secret'],
    ['trailing dots and spaces (dropped by Windows)', 'minutes. . ', 'minutes'],
    ['HTML, which is only text here', '<img src=x>', '_img src=x_'],
    ['CJK and accents', '年度报告 Résumé', '年度报告 Résumé'],
  ])('%s', (_, title, expected) => {
    expect(fileBase(title)).toBe(expected);
  });

  it.each(['CON', 'prn', 'Aux', 'NUL', 'com1', 'LPT9', 'nul.txt', 'con.tar.gz', '.con', '.', '..'])(
    'a reserved name (%s) becomes the fallback name',
    (title) => {
      expect(fileBase(title)).toBe(FALLBACK_BASE);
    },
  );

  it.each(['', '   ', '...'])('nothing usable (%p) becomes the fallback name', (title) => {
    expect(fileBase(title)).toBe(FALLBACK_BASE);
  });

  it(`keeps at most ${String(FILE_NAME_LIMITS.baseChars)} code points`, () => {
    expect(Array.from(fileBase('x'.repeat(1000)))).toHaveLength(FILE_NAME_LIMITS.baseChars);
    // Emoji are two UTF-16 units: none is cut in half.
    const cut = fileBase('😀'.repeat(1000));
    expect(Array.from(cut).every((c) => c === '😀')).toBe(true);
  });

  it('fits a byte budget in whole code points', () => {
    const cut = fileBase('年'.repeat(90), 100);
    expect(bytes(cut)).toBeLessThanOrEqual(100);
    expect(cut).toBe('年'.repeat(33));
  });
});

describe('the extension', () => {
  it.each([
    ['attachment; filename="report.docx"', 'docx'],
    ['attachment; filename="x.pdf"; filename*=UTF-8\'\'%E5%B9%B4%E5%BA%A6.XLSX', 'xlsx'],
    ["attachment; filename*=UTF-8''a.b.pptx", 'pptx'],
    ['inline; filename=notes.TXT', 'txt'],
    ['attachment; filename="../../evil/x.odt"', 'odt'],
    ['attachment; filename="no-extension"', undefined],
    ['attachment; filename=".hidden"', undefined],
    ['attachment; filename="x.a-b"', undefined],
    ['attachment; filename="x.waytoolongextension"', undefined],
    ['attachment', undefined],
    ['', undefined],
    [null, undefined],
    ['garbage;;;=', undefined],
  ])('Content-Disposition %p gives %p', (header, expected) => {
    expect(extensionFromDisposition(header)).toBe(expected);
  });

  it.each([
    ['application/pdf', 'pdf'],
    ['application/PDF; charset=binary', 'pdf'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['image/jpeg', 'jpg'],
    ['application/octet-stream', undefined],
    ['', undefined],
    [null, undefined],
  ])('media type %p gives %p', (type, expected) => {
    expect(extensionFromType(type)).toBe(expected);
  });
});

describe('downloadFileName', () => {
  it('the viewed PDF is always .pdf, whatever the answer says', () => {
    expect(
      downloadFileName({
        title: 'Contract',
        source: 'viewed',
        contentDisposition: 'attachment; filename="contract.docx"',
        mimeType: 'application/msword',
      }),
    ).toBe('Contract.pdf');
  });

  it("the original takes Content-Disposition's extension first", () => {
    expect(
      downloadFileName({
        title: 'Contract',
        source: 'original',
        contentDisposition: 'attachment; filename="c.docx"',
        mimeType: 'application/pdf',
        contentType: 'application/pdf',
      }),
    ).toBe('Contract.docx');
  });

  it("then the document's mimeType, then the answer's Content-Type, then none", () => {
    const base = { title: 'Sheet', source: 'original' } as const;
    expect(downloadFileName({ ...base, mimeType: 'application/vnd.ms-excel' })).toBe('Sheet.xls');
    expect(downloadFileName({ ...base, mimeType: '', contentType: 'text/csv' })).toBe('Sheet.csv');
    expect(downloadFileName({ ...base, contentType: 'application/octet-stream' })).toBe('Sheet');
  });

  it('does not double an extension the title already has', () => {
    expect(downloadFileName({ title: 'report.PDF', source: 'viewed' })).toBe('report.pdf');
    expect(downloadFileName({ title: 'report.pdf.docx', source: 'viewed' })).toBe(
      'report.pdf.docx.pdf',
    );
  });

  it('a reserved or empty title still gets a name and its extension', () => {
    expect(downloadFileName({ title: 'CON', source: 'viewed' })).toBe('document.pdf');
    expect(downloadFileName({ title: '', source: 'viewed' })).toBe('document.pdf');
    expect(downloadFileName({ title: 'nul.pdf', source: 'viewed' })).toBe('document.pdf');
  });

  it(`stays within ${String(FILE_NAME_LIMITS.nameBytes)} bytes with its extension`, () => {
    const name = downloadFileName({ title: '报'.repeat(300), source: 'viewed' });
    expect(name.endsWith('.pdf')).toBe(true);
    expect(bytes(name)).toBeLessThanOrEqual(FILE_NAME_LIMITS.nameBytes);
  });
});
