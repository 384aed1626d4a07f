import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readCsvBook } from '../csv-read.ts';
import { shownWidth } from '../text-width.ts';

describe('a table of text’s columns sized by their first rows', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'folio-width-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('estimates digits at 8 px and wide characters at 14 px, capped', () => {
    expect(shownWidth('2026-12-07', 400)).toBe(12 + 10 * 8);
    expect(shownWidth('北京市', 400)).toBe(12 + 3 * 14);
    expect(shownWidth('x'.repeat(32_767), 400)).toBe(400);
  });

  it('gives a date column room for its dates, a long column its cap, a short one the default', async () => {
    const file = path.join(dir, 'orders.csv');
    const lines = ['id,date,note,城市'];
    for (let i = 1; i < 150; i += 1) {
      lines.push(
        `${String(i)},2026-12-${String((i % 28) + 1).padStart(2, '0')},${'n'.repeat(i)},北京`,
      );
    }
    await writeFile(file, lines.join('\n'));
    const [sheet] = (await readCsvBook(file, '.csv', 'orders.csv')).sheets;
    // id: the default; date: its 10 characters; note: capped (its longest is past the first rows);
    // 城市/北京: two wide characters, the default.
    expect(sheet.widths).toEqual([64, 92, 400, 64]);
  });
});
