import { FairQueue } from '../fair-queue.ts';

const all = () => true;

function drain(queue: FairQueue<string>, admits: Parameters<FairQueue<string>['take']>[0] = all) {
  const taken: string[] = [];
  for (let item = queue.take(admits); item !== undefined; item = queue.take(admits)) {
    taken.push(item);
  }
  return taken;
}

test('opening a document goes before any other page, whoever asked first', () => {
  const queue = new FairQueue<string>();
  for (let page = 2; page <= 4; page += 1) queue.push('flood', 'page', `flood p${String(page)}`);
  queue.push('other', 'open', 'other facts');
  queue.push('other', 'open', 'other p1');
  expect(drain(queue)).toEqual(['other facts', 'other p1', 'flood p2', 'flood p3', 'flood p4']);
});

test('within a level the readers take turns, one task each', () => {
  const queue = new FairQueue<string>();
  for (let page = 2; page <= 5; page += 1) queue.push('flood', 'page', `flood p${String(page)}`);
  queue.push('a', 'page', 'a p2');
  queue.push('b', 'page', 'b p2');
  queue.push('a', 'page', 'a p3');
  expect(drain(queue)).toEqual([
    'flood p2',
    'a p2',
    'b p2',
    'flood p3',
    'a p3',
    'flood p4',
    'flood p5',
  ]);
});

test('counts what each reader has waiting; a level not admitted waits', () => {
  const queue = new FairQueue<string>();
  queue.push('flood', 'page', 'p2');
  queue.push('flood', 'page', 'p3');
  queue.push('other', 'open', 'facts');
  expect([queue.size(), queue.size('flood'), queue.size('other'), queue.size('none')]).toEqual([
    3, 2, 1, 0,
  ]);
  expect(queue.take((level) => level === 'page')).toBe('p2');
  expect(drain(queue, (level) => level === 'open')).toEqual(['facts']);
  expect([queue.size(), queue.size('flood'), queue.size('other')]).toEqual([1, 1, 0]);
});
