import { levelOf } from '../pool.ts';

const sheetFile = { file: '/docs/orders.xlsx', ext: '.xlsx' };

describe("a task's level", () => {
  it("reads a sheet's blocks, wherever they are, as what opens it; its pass, index and search as pages", () => {
    expect(levelOf('sheet', { ...sheetFile, task: 'book', name: 'orders' })).toBe('open');
    expect(levelOf('sheet', { ...sheetFile, task: 'rows', sheet: 0, from: 0, count: 200 })).toBe(
      'open',
    );
    expect(
      levelOf('sheet', { ...sheetFile, task: 'rows', sheet: 0, from: 49_800, count: 200 }),
    ).toBe('open');
    expect(levelOf('sheet', { ...sheetFile, task: 'tail', sheet: 0, blocks: '/cache' })).toBe(
      'page',
    );
    expect(levelOf('sheet', { ...sheetFile, ext: '.csv', task: 'index' })).toBe('page');
    expect(levelOf('sheet', { ...sheetFile, task: 'search', query: 'x' })).toBe('page');
  });

  it("draws page 1's preview as opening, other pages after", () => {
    expect(levelOf('preview', { page: 1 })).toBe('open');
    expect(levelOf('preview', { page: 2 })).toBe('page');
  });
});
