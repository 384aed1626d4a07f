/**
 * Markdown and code become PDFs of their text, highlighted and numbered
 * (facility/conversion/text-html.ts), and nothing in them is fetched while converting: a listener
 * started here counts every request their links and images aim at.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';
import { converted } from './_converted.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(300_000);

describe('Markdown and code', () => {
  let served: Served;
  const hits: string[] = [];
  const listener = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('no');
  });
  let origin = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((listener.address() as AddressInfo).port)}`;
    const readme = [
      '# 季度报告 Quarterly',
      '',
      '本公司营业收入稳定增长。',
      '',
      `![销售图表 chart](${origin}/chart.png)`,
      '',
      `<img src="${origin}/raw.png"> <iframe src="${origin}/frame"></iframe>`,
      '',
      '| 部门 | 预算 |',
      '| ---- | ---- |',
      '| 销售部 | 1200 |',
      '',
      '```python',
      'print("你好")',
      '```',
      '',
      `[a link](${origin}/link)`,
    ].join('\n');
    served = await startServe({
      files: {
        'README.md': readme,
        'script.py': iconv.encode(
          `# 计算预算\ndef total(rows):\n    return sum(r["预算"] for r in rows)\n`,
          'gbk',
        ),
        'page.html': `<html><body><h1>Title</h1><img src="${origin}/html.png"><script>fetch("${origin}/js")</script></body></html>\n`,
        'data.json': '{"部门": "销售部", "预算": 1200}\n',
      },
    });
  });
  afterAll(async () => {
    await served.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  test('a Markdown file: headings, a table and code as text, an image as its alt text', async () => {
    const { meta, text } = await converted(served, 'README.md');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const flat = text.replace(/\s/g, '');
    for (const expected of ['季度报告Quarterly', '本公司营业收入稳定增长。', '[销售图表chart]']) {
      expect(flat).toContain(expected);
    }
    const items = text.split('\n').map((item) => item.trim());
    for (const cell of ['部门', '预算', '销售部', '1200']) expect(items).toContain(cell);
    expect(flat).toContain('print("你好")');
    // Raw HTML is shown as the text it is, not obeyed.
    expect(flat).toContain('<imgsrc=');
  });

  test.each([
    ['script.py', ['#计算预算', 'deftotal(rows):', 'returnsum(r["预算"]forrinrows)']],
    ['page.html', ['<html><body><h1>Title</h1><imgsrc=']],
    ['data.json', ['{"部门":"销售部","预算":1200}']],
  ])('%s: its source, every line numbered', async (id, lines) => {
    const { meta, text } = await converted(served, id);
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const flat = text.replace(/\s/g, '');
    lines.forEach((line, index) => {
      expect(flat).toContain(`${String(index + 1)}${line}`);
    });
  });

  test('nothing the documents name was fetched', () => {
    expect(hits).toEqual([]);
  });
});
