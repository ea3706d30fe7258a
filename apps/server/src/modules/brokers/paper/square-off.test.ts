import { istEpochMs } from '@xtrader/core/market/dates';
import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../../../test/helpers/fake-clock';
import { silentLogger } from '../../../logger';
import { SquareOffScheduler } from './square-off';

const scheduler = (start: number, run = vi.fn(async () => {})) => {
  const clock = createFakeClock(start);
  const s = new SquareOffScheduler({
    clock,
    logger: silentLogger(),
    time: { hour: 15, minute: 20 },
    run,
    intervalMs: 5,
  });
  return { s, clock, run };
};

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
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
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
