/**
 * The PDF's own outline (used when the facility gave none): destinations of every kind resolved
 * to 1-based pages, entries that point nowhere kept with page null, titles cleaned, depth bounded.
 */
import { resolvePdfOutline } from '../outline';
import type { OutlineSource, PdfOutlineNode } from '../outline';

const ref = (num: number) => ({ num, gen: 0 });

/** A 10-page document whose page n has the object number 100 + n. */
function source(outline: PdfOutlineNode[] | null): OutlineSource {
  return {
    numPages: 10,
    getOutline: () => Promise.resolve(outline),
    getDestination: (name) =>
      Promise.resolve(name === 'chapter-2' ? [ref(102), { name: 'XYZ' }, 0, 0, null] : null),
    getPageIndex: ({ num }) =>
      num > 100 && num <= 110 ? Promise.resolve(num - 101) : Promise.reject(new Error('bad ref')),
  };
}

const node = (title: string, dest: PdfOutlineNode['dest'], items: PdfOutlineNode[] = []) => ({
  title,
  dest,
  items,
});

describe("the PDF's own outline", () => {
  it('resolves explicit, named and index destinations to pages, nested', async () => {
    const items = await resolvePdfOutline(
      source([
        node('One', [ref(101), { name: 'Fit' }]),
        node('Two', 'chapter-2', [node('Two, part 1', [4, { name: 'XYZ' }, 0, 0, 0])]),
      ]),
    );
    expect(items).toEqual([
      { title: 'One', page: 1, children: [] },
      { title: 'Two', page: 2, children: [{ title: 'Two, part 1', page: 5, children: [] }] },
    ]);
  });

  it('keeps entries that point nowhere, with page null', async () => {
    const items = await resolvePdfOutline(
      source([
        node('A web link', null),
        node('A missing name', 'nowhere'),
        node('A broken reference', [ref(999)]),
        node('Past the last page', [42]),
        node('Not a destination', [{ name: 'XYZ' }]),
      ]),
    );
    expect(items.map((i) => i.page)).toEqual([null, null, null, null, null]);
    expect(items.map((i) => i.title)).toEqual([
      'A web link',
      'A missing name',
      'A broken reference',
      'Past the last page',
      'Not a destination',
    ]);
  });

  it('cleans titles as the facility does: HTML stays literal text, controls and bidi go', async () => {
    const [hostile, tricky, notText] = await resolvePdfOutline(
      source([
        node('<img src=x onerror=alert(1)>', [ref(101)]),
        node('Part\n2\u202Eevil\u0000', [ref(101)]),
        node(42 as unknown as string, [ref(101)]),
      ]),
    );
    expect(hostile.title).toBe('<img src=x onerror=alert(1)>');
    expect(tricky.title).toBe('Part 2evil');
    expect(notText.title).toBe('');
  });

  it('is empty without an outline, and bounded in depth', async () => {
    expect(await resolvePdfOutline(source(null))).toEqual([]);
    let deep: PdfOutlineNode = node('leaf', [ref(101)]);
    for (let i = 0; i < 40; i += 1) deep = node(`level ${String(i)}`, [ref(101)], [deep]);
    let depth = 0;
    let level = await resolvePdfOutline(source([deep]));
    while (level.length > 0) {
      depth += 1;
      level = level[0]?.children ?? [];
    }
    expect(depth).toBe(16);
  });
});
