import { expect, it } from 'vitest';
import type { WaitingClock } from '../../../clock';
import { createPacer, type RateLimits } from './pacer';

function fakeTime() {
  let now = 0;
  const time: WaitingClock = {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
  return time;
}

const KITE_LIKE: RateLimits = [
  { limit: 9, ms: 1000 },
  { limit: 390, ms: 60_000 },
];

it('keeps every user within each of the broker windows (9 a second, 390 a minute), serving in order', async () => {
  const time = fakeTime();
  const pacer = createPacer(time);
  const sent: number[] = [];
  await Promise.all(
    Array.from({ length: 450 }, () => pacer.acquire('alice', KITE_LIKE).then(() => sent.push(time.now()))),
  );
  expect(sent).toHaveLength(450);
  for (const at of sent) {
    expect(sent.filter((t) => t >= at && t < at + 1000).length).toBeLessThanOrEqual(9);
    expect(sent.filter((t) => t >= at && t < at + 60_000).length).toBeLessThanOrEqual(390);
  }
  expect(sent).toEqual([...sent].sort((a, b) => a - b));
  // The minute window, not the second one, held the 391st back.
  expect(sent[390]).toBeGreaterThanOrEqual(60_000);
});

it('does not make one user wait for another', async () => {
  const time = fakeTime();
  const pacer = createPacer(time);
  for (let i = 0; i < 9; i += 1) await pacer.acquire('alice', KITE_LIKE);
  const before = time.now();
  await pacer.acquire('bob', KITE_LIKE);
  expect(time.now()).toBe(before);
});
