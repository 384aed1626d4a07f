/**
 * What a markup document names outside itself is dropped before LibreOffice reads it
 * (references.ts); what it holds inside stays.
 */
import iconv from 'iconv-lite';
import { cleanCss, cleanMarkup, decodeMarkup } from '../references.ts';

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">';
const svg = (body: string) => cleanMarkup(`${SVG_OPEN}${body}</svg>`, 'xml');

test.each([
  ['an xlink:href', '<image xlink:href="file:///etc/passwd"/>'],
  ['an SVG 2 href', '<image href="file:///srv/cache/abc.pdf"/>'],
  ['a spelling by character reference', '<image href="&#102;ile:///etc/passwd"/>'],
  ['a relative path', '<image href="../docs/secret.png"/>'],
  ['a remote image', '<image href="http://169.254.169.254/latest"/>'],
  [
    'an SVG in a data URL (it names files of its own)',
    '<image href="data:image/svg+xml,&lt;svg/&gt;"/>',
  ],
  ['a use of another file', '<use href="other.svg#a"/>'],
  ['a base', '<g xml:base="file:///etc/"><image href="#a"/></g>'],
])('%s is dropped', (_what, body) => {
  const { text = '', dropped } = svg(body);
  expect(dropped).toBeGreaterThan(0);
  expect(text.replace(SVG_OPEN, '')).not.toMatch(/file:|\.\.\/|http:|svg\+xml|other\.svg|xml:base/);
});

test('what the document holds stays: internal references, inlined rasters, its text', () => {
  const { text = '', dropped } = svg(
    '<use xlink:href="#shape"/><image href="data:image/png;base64,iVBORw0KGgo="/>' +
      '<rect fill="url(#gradient)"/><text>a &lt; b &amp; c — 预算</text>',
  );
  expect(dropped).toBe(0);
  expect(text).toContain('xlink:href="#shape"');
  expect(text).toContain('href="data:image/png;base64,iVBORw0KGgo="');
  expect(text).toContain('fill="url(#gradient)"');
  expect(text).toContain('a &lt; b &amp; c — 预算');
});

test('CSS: url() to anything but the document and @import are dropped, escapes undone', () => {
  expect(cleanCss('a { background: url("file:///etc/passwd") }').css).toBe(
    'a { background: none }',
  );
  expect(cleanCss('@import url(http://x/a.css); b{}').css).toBe(' b{}');
  expect(cleanCss('a { fill: url(#g) }').css).toBe('a { fill: url(#g) }');
  expect(cleanCss('a { background: \\75 rl(file:///x) }').css).not.toContain('file:');
  const { text = '' } = svg(
    '<style><![CDATA[ .a { fill: url(file:///x) } ]]></style><rect style="fill:url(\'/etc/x\')"/>',
  );
  expect(text).not.toMatch(/file:|\/etc/);
});

test('the DOCTYPE goes: external entities never read, simple internal ones expanded once', () => {
  const { text = '' } = cleanMarkup(
    '<?xml version="1.0"?><!DOCTYPE svg [ <!ENTITY ns "http://www.w3.org/2000/svg">' +
      '<!ENTITY xxe SYSTEM "file:///etc/passwd"> <!ENTITY a "x"> <!ENTITY b "&a;&a;&a;"> ]>' +
      '<svg xmlns="&ns;"><text>&xxe; &b;</text></svg>',
    'xml',
  );
  expect(text).toContain('<svg xmlns="http://www.w3.org/2000/svg">');
  expect(text).not.toMatch(/DOCTYPE|ENTITY|SYSTEM|file:/);
  // The nested entity is not expanded (no billion laughs): it stays as text.
  expect(text).toContain('&amp;xxe; &amp;b;');
});

test('processing instructions, comments, scripts and event handlers go', () => {
  const { text = '' } = svg(
    '<?xml-stylesheet href="file:///a.css"?><!-- note --><script>alert(1)</script><rect onload="alert(1)"/>',
  );
  expect(text).not.toMatch(/stylesheet|note|script|alert|onload/);
});

test('HTML: loading elements and attributes go, http(s) links stay, the charset becomes UTF-8', () => {
  const { text = '' } = cleanMarkup(
    '<html><head><meta charset="gb2312"><link rel="stylesheet" href="file:///x.css">' +
      '<script>alert(1)</script></head><body background="file:///a.png">' +
      '<img src="file:///etc/passwd"><br><iframe src="file:///etc"></iframe>' +
      '<object data="file:///x"></object><p style="background:url(file:///y)">words' +
      '<a href="https://example.com/a?b=1&amp;c=2">kept</a><a href="file:///z">not</a></p></body></html>',
    'html',
  );
  expect(text).not.toMatch(/file:|script|iframe|object|stylesheet/);
  expect(text).toContain('<meta charset="utf-8">');
  expect(text).toContain('<a href="https://example.com/a?b=1&amp;c=2">kept</a>');
  expect(text).toContain('<br><p style="background:none">words');
});

test('markup is read in the encoding it declares, else as its bytes say', () => {
  const page = '<html><head><meta charset="gbk"></head><body>预算报告</body></html>';
  expect(decodeMarkup(iconv.encode(page, 'gbk'))).toContain('预算报告');
  const xml = '<?xml version="1.0" encoding="GB18030"?><svg><text>合同</text></svg>';
  expect(decodeMarkup(iconv.encode(xml, 'gb18030'))).toContain('合同');
  expect(decodeMarkup(Buffer.from('<svg><text>ünïcode</text></svg>'))).toContain('ünïcode');
});
