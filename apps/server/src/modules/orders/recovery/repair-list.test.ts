import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../logger';
import type { RepairEntry } from '../context/events';
import { createTaskTracker } from '../context/user-queue';
import { createRepairList, REPAIR_DELAYS_MS } from './repair-list';

const family: RepairEntry = { userId: 'u1', rootId: 'XT1' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function listWith(repair: (entry: RepairEntry) => Promise<void>) {
  const heard: string[] = [];
  const list = createRepairList(
    {
      repair,
      entered: (entry) => void heard.push(`entered ${entry.rootId}`),
      repaired: (entry) => void heard.push(`repaired ${entry.rootId}`),
    },
    { logger: silentLogger(), tracker: createTaskTracker() },
  );
  return { list, heard };
}

it('retries a family after 5, 10, 20 and then every 30 s, never giving up, until its repair runs through', async () => {
  const at: number[] = [];
  const start = Date.now();
  const { list, heard } = listWith(async () => {
    at.push(Date.now() - start);
    if (at.length < 7) throw new Error('store down');
  });
  list.enlist(family, new Error('store down'));
  expect(heard).toEqual(['entered XT1']);
  await vi.advanceTimersByTimeAsync(5_000 + 10_000 + 20_000 + 4 * 30_000);
  expect(at).toEqual([5_000, 15_000, 35_000, 65_000, 95_000, 125_000, 155_000]);
  expect(REPAIR_DELAYS_MS.at(-1)).toBe(30_000);
  expect(list.size).toBe(0);
  expect(heard).toEqual(['entered XT1', 'repaired XT1']);
});

it('holds one entry per family, and repairs again when the family failed anew while a repair ran', async () => {
  let runs = 0;
  const { list, heard } = listWith(async () => {
    runs += 1;
    // The first run reads the family before this new failure is enlisted.
    if (runs === 1) list.enlist(family, new Error('store down'));
  });
  list.enlist(family, new Error('store down'));
  list.enlist({ ...family }, new Error('store down'));
  expect(list.size).toBe(1);
  await vi.advanceTimersByTimeAsync(5_000);
  expect(runs).toBe(1);
  expect(list.size).toBe(1);
  await vi.advanceTimersByTimeAsync(5_000);
  expect(runs).toBe(2);
  expect(list.size).toBe(0);
  expect(heard).toEqual(['entered XT1', 'repaired XT1']);
});

it('stops every timer on shutdown', async () => {
  const repair = vi.fn(async () => {});
  const { list } = listWith(repair);
  list.enlist(family, new Error('store down'));
  list.stop();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(repair).not.toHaveBeenCalled();
  expect(list.size).toBe(0);
});

it('logs an unchanged failure once per 10 minutes while it keeps retrying every 30 s, and a new failure at once', async () => {
  const logger = silentLogger();
  const logged = vi.spyOn(logger, 'error');
  let failure = 'the user has no broker session to repair orders with';
  let runs = 0;
  const list = createRepairList(
    {
      repair: async () => {
        runs += 1;
        throw new Error(failure);
      },
      entered: () => {},
      repaired: () => {},
    },
    { logger, tracker: createTaskTracker() },
  );
  list.enlist(family, new Error('store down'));
  const repairFailures = () =>
    logged.mock.calls.filter((call) => call[1] === 'order repair failed; retrying').length;
  await vi.advanceTimersByTimeAsync(5_000 + 10_000 + 20_000 + 16 * 30_000);
  expect(runs).toBe(19);
  expect(repairFailures()).toBe(1);
  await vi.advanceTimersByTimeAsync(2 * 30_000);
  expect(repairFailures()).toBe(1);
  await vi.advanceTimersByTimeAsync(30_000);
  // Ten minutes after the first, it is said once more.
  expect(repairFailures()).toBe(2);
  failure = 'disk I/O error';
  await vi.advanceTimersByTimeAsync(30_000);
  expect(repairFailures()).toBe(3);
  list.stop();
});
