import { istEpochMs } from '@xtrader/core/market/dates';
import type { SessionEntry } from '@xtrader/core/market/sessions';
import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../../../test/helpers/fake-clock';
import { silentLogger } from '../../../logger';
import { SquareOffScheduler, type SquareOffSchedulerDeps, squareOffTimeOf } from './square-off';

const scheduler = (
  start: number,
  run = vi.fn(async () => {}),
  time: SquareOffSchedulerDeps['time'] = () => ({ hour: 15, minute: 20 }),
) => {
  const clock = createFakeClock(start);
  const s = new SquareOffScheduler({
    clock,
    logger: silentLogger(),
    time,
    run,
    intervalMs: 5,
  });
  return { s, clock, run };
};

// Both derivatives exchanges closing 10 minutes later from an effective date, as a new session entry does.
const NORMAL = { open: '09:15', close: '15:30', closingAuction: null, misSquareOff: '15:20' } as const;
const LATER_CLOSE: readonly SessionEntry[] = (['NFO', 'BFO'] as const).flatMap((exchange) => [
  { exchange, from: '2025-01-01', ...NORMAL },
  { exchange, from: '2026-08-03', ...NORMAL, close: '15:40', misSquareOff: '15:30' },
]);

describe('square-off time of a day', () => {
  it('follows the session table: the old time before the effective date, the new one from it', () => {
    const time = squareOffTimeOf(undefined, LATER_CLOSE);
    expect(time('2026-07-31')).toEqual({ hour: 15, minute: 20 });
    expect(time('2026-08-03')).toEqual({ hour: 15, minute: 30 });
    expect(scheduler(0, undefined, time).s.isDue(istEpochMs('2026-07-31', 15, 25))).toBe(true);
    expect(scheduler(0, undefined, time).s.isDue(istEpochMs('2026-08-03', 15, 25))).toBe(false);
    expect(scheduler(0, undefined, time).s.isDue(istEpochMs('2026-08-03', 15, 30))).toBe(true);
  });

  it('takes the shipped table when nothing is configured, and a configured time over any table', () => {
    expect(squareOffTimeOf(undefined)('2026-11-23')).toEqual({ hour: 15, minute: 20 });
    expect(squareOffTimeOf({ hour: 15, minute: 5 }, LATER_CLOSE)('2026-08-03')).toEqual({
      hour: 15,
      minute: 5,
    });
  });
});

describe('intraday square-off scheduler', () => {
  it.each([
    { at: istEpochMs('2026-11-23', 15, 19), due: false, why: 'before the time' },
    { at: istEpochMs('2026-11-23', 15, 20), due: true, why: 'at the time on a trading day' },
    { at: istEpochMs('2026-11-23', 22, 0), due: true, why: 'later the same day (a restart after the time)' },
    { at: istEpochMs('2026-11-22', 15, 30), due: false, why: 'on a Sunday' },
  ])('is due $due $why', ({ at, due }) => {
    expect(scheduler(at).s.isDue(at)).toBe(due);
  });

  it('runs once per day, again the next trading day', async () => {
    const { s, clock, run } = scheduler(istEpochMs('2026-11-23', 15, 20));
    await s.check();
    await s.check();
    expect(run).toHaveBeenCalledTimes(1);
    clock.set(istEpochMs('2026-11-25', 15, 21)); // 24 Nov 2026 is a holiday (Guru Nanak Jayanti)
    await s.check();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('looks at the clock on start and on its timer', async () => {
    const { s, clock, run } = scheduler(istEpochMs('2026-11-23', 15, 0));
    s.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).not.toHaveBeenCalled();
    clock.set(istEpochMs('2026-11-23', 15, 20));
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1), { timeout: 5000 });
    s.stop();
  });

  it('logs a failed run instead of throwing', async () => {
    const { s } = scheduler(
      istEpochMs('2026-11-23', 15, 20),
      vi.fn(async () => Promise.reject(new Error('db down'))),
    );
    await expect(s.check()).resolves.toBeUndefined();
  });
});
