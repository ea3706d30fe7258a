import { expect, it } from 'vitest';
import { createOrderRateGovernor, type GovernorTime } from './governor';

function fakeTime() {
  let now = 0;
  const time: GovernorTime = {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
  return time;
}

it('keeps every user under 10 orders in any second and 400 in any minute, serving in order', async () => {
  const time = fakeTime();
  const governor = createOrderRateGovernor(undefined, time);
  const sent: number[] = [];
  await Promise.all(
    Array.from({ length: 450 }, () => governor.acquire('alice').then(() => sent.push(time.now()))),
  );
  expect(sent).toHaveLength(450);
  for (const at of sent) {
    expect(sent.filter((t) => t >= at && t < at + 1000).length).toBeLessThanOrEqual(9);
    expect(sent.filter((t) => t >= at && t < at + 60_000).length).toBeLessThanOrEqual(390);
  }
  expect(sent).toEqual([...sent].sort((a, b) => a - b));
});

it('does not make one user wait for another', async () => {
  const time = fakeTime();
  const governor = createOrderRateGovernor(undefined, time);
  for (let i = 0; i < 9; i += 1) await governor.acquire('alice');
  const before = time.now();
  await governor.acquire('bob');
  expect(time.now()).toBe(before);
});
