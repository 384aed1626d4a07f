import { SHARED_LANE, createLaneLimit, currentLane, inLane, laneOf } from '../lane.ts';

test('a request is its reader, else its address', () => {
  expect(laneOf({ reader: { sub: 'u-17' }, ip: '10.0.0.1' })).toBe('reader:u-17');
  expect(laneOf({ reader: {}, ip: '10.0.0.1' })).toBe('ip:10.0.0.1');
  expect(laneOf({ ip: '10.0.0.2' })).toBe('ip:10.0.0.2');
});

test('the lane follows the work through awaits; outside a request it is the shared one', async () => {
  expect(currentLane()).toBe(SHARED_LANE);
  const seen = await inLane('reader:a', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return currentLane();
  });
  expect(seen).toBe('reader:a');
});

test("a lane's limit refuses work past it until some ends; other lanes are not counted", async () => {
  const limited = createLaneLimit(2);
  const gates: (() => void)[] = [];
  const held = () =>
    limited(
      () =>
        new Promise<string>((resolve) => {
          gates.push(() => {
            resolve('done');
          });
        }),
      'busy',
    );
  const first = inLane('reader:a', held);
  const second = inLane('reader:a', held);
  expect(await inLane('reader:a', held)).toBe('busy');
  const other = inLane('reader:b', held);
  for (const open of gates.splice(0)) open();
  expect(await Promise.all([first, second, other])).toEqual(['done', 'done', 'done']);
  const again = inLane('reader:a', held);
  for (const open of gates.splice(0)) open();
  expect(await again).toBe('done');
});
