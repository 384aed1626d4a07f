import { readSheetBook, readSheetComments, readSheetDrawings } from '../read';

describe('reading a sheet’s marks (nothing trusted)', () => {
  it('names the comments’ and drawings’ URLs only when the answer gives them', () => {
    const template = (raw: unknown) =>
      typeof raw === 'string' && raw.includes('{sheet}') ? `https://v.example/${raw}` : undefined;
    const field = {
      sheets: [{ name: 'S', columns: 1 }],
      rows: '{sheet}-{from}',
      tail: '{sheet}-t',
    };
    const shown = readSheetBook(
      { ...field, comments: '{sheet}-c', drawings: '{sheet}-d' },
      template,
    );
    expect(shown?.commentsUrl).toBe('https://v.example/{sheet}-c');
    expect(shown?.drawingsUrl).toBe('https://v.example/{sheet}-d');
    const none = readSheetBook({ ...field, drawings: 'no-placeholder' }, template);
    expect(none?.commentsUrl).toBeUndefined();
    expect(none?.drawingsUrl).toBeUndefined();
  });

  it('reads comments as text, each on a cell within the sheet', () => {
    expect(
      readSheetComments({
        comments: [
          { r: 1, c: 2, author: 'Ann\u202e', text: 'line 1\r\nline\u0007 2\u202d <b>x</b>' },
          { r: -1, c: 0, author: 'x', text: 'y' },
          { r: 0, c: 16_384, author: 'x', text: 'y' },
          { r: 0, c: 0, author: 7, text: 'no author' },
          'junk',
        ],
      }),
    ).toEqual([
      { r: 1, c: 2, author: 'Ann', text: 'line 1\nline 2 <b>x</b>' },
      { r: 0, c: 0, author: '', text: 'no author' },
    ]);
    expect(readSheetComments({ comments: 'x' })).toEqual([]);
  });

  it('reads drawings of known kinds, anchored on cells or sized, labels as text', () => {
    expect(
      readSheetDrawings({
        drawings: [
          { kind: 'chart', from: [1, 4], to: [12, 8], label: 'Sales\u202e' },
          { kind: 'image', from: [0, 0], size: [120, 40], label: 'Logo' },
          { kind: 'image', from: [5, 5], to: [1, 1], label: 'backwards: sized instead' },
          { kind: 'script', from: [0, 0], to: [1, 1], label: 'x' },
          { kind: 'shape', from: [0], label: 'x' },
          { kind: 'shape', from: [0, 0], size: [1e9, 5], label: 'too large' },
        ],
      }),
    ).toEqual([
      { kind: 'chart', from: [1, 4], to: [12, 8], label: 'Sales' },
      { kind: 'image', from: [0, 0], size: [120, 40], label: 'Logo' },
      { kind: 'image', from: [5, 5], size: [0, 0], label: 'backwards: sized instead' },
      { kind: 'shape', from: [0, 0], size: [0, 0], label: 'too large' },
    ]);
  });
});
