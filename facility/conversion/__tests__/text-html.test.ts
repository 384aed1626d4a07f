/**
 * Markdown and code become HTML that only escapes the document's text
 * (facility/conversion/text-html.ts): no markup, script or fetched image of the document's own
 * survives into what LibreOffice reads.
 */
import { codeHtml, markdownHtml } from '../text-html.ts';

test('Markdown: raw HTML is text, an image is its alt text, a table and code stay', () => {
  const html = markdownHtml(
    [
      '# Report <script>alert(1)</script>',
      '',
      '<img src="http://127.0.0.1:9/a.png" onerror="alert(2)">',
      '',
      '![a chart of 销售](http://127.0.0.1:9/chart.png "t")',
      '',
      '| 部门 | 预算 |',
      '| --- | --- |',
      '| 销售部 | 1200 |',
      '',
      '```js',
      'const a = "<b>";',
      '```',
    ].join('\n'),
  );
  expect(html).not.toMatch(/<script|<img|<[^>]*\s(on\w+|src)=/i);
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toContain('[a chart of 销售]');
  expect(html).toMatch(/<table border="1"[^>]*>[\s\S]*<td>销售部<\/td>/);
  expect(html).toContain('<span class="hljs-string">&quot;&lt;b&gt;&quot;</span>');
});

test('code: highlighted, each line numbered, a comment over lines closed on each', () => {
  const html = codeHtml('/* one\n   two */\nlet x = "</pre><script>";\n', 'javascript');
  const body = /<pre>([\s\S]*)<\/pre>/.exec(html)?.[1] ?? '';
  const lines = body.split('\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toBe('<span class="ln">1 </span><span class="hljs-comment">/* one</span>');
  expect(lines[1]).toBe('<span class="ln">2 </span><span class="hljs-comment">   two */</span>');
  expect(lines[2]).toContain('&lt;/pre&gt;&lt;script&gt;');
  expect(html).not.toContain('<script>');
});

test('code in a language highlight.js does not know is escaped as it is', () => {
  expect(codeHtml('<a>&</a>', 'no-such-language')).toContain(
    '<span class="ln">1 </span>&lt;a&gt;&amp;&lt;/a&gt;',
  );
});
