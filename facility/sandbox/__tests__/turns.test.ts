import { createTurns } from '../turns.ts';

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('createTurns', () => {
  it('runs at most its number at once, the others in the order they came, and passes results and failures on', async () => {
    const turn = createTurns(2);
    const started: string[] = [];
    const ends = new Map<string, () => void>();
    const task = (id: string) => () =>
      new Promise<string>((resolve, reject) => {
        started.push(id);
        ends.set(id, () => {
          if (id === 'failing') reject(new Error('no'));
          else resolve(id);
        });
      });
    const results = ['a', 'b', 'c', 'failing', 'd'].map((id) => turn(task(id)));
    const failed = expect(results[3]).rejects.toThrow('no');
    await settled();
    expect(started).toEqual(['a', 'b']);
    ends.get('b')?.();
    await settled();
    expect(started).toEqual(['a', 'b', 'c']);
    ends.get('a')?.();
    await settled();
    expect(started).toEqual(['a', 'b', 'c', 'failing']);
    ends.get('failing')?.();
    await failed;
    await settled();
    expect(started).toEqual(['a', 'b', 'c', 'failing', 'd']);
    ends.get('c')?.();
    ends.get('d')?.();
    await expect(Promise.all([results[0], results[1], results[2], results[4]])).resolves.toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});
