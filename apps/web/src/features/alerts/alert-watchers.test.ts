import type { DisciplineStatus } from '@xtrader/core/api/discipline';
import { DEFAULT_DISCIPLINE } from '@xtrader/core/risk/discipline';
import { describe, expect, it } from 'vitest';
import { feedTrouble, newHold } from './alert-watchers';

const status = (rules: DisciplineStatus['holds']): DisciplineStatus => ({
  settings: DEFAULT_DISCIPLINE,
  tradesToday: 0,
  locked: false,
  holds: rules,
});

describe('alert watchers', () => {
  it('alert when the feed turns stale or expired, not at the first reading nor while it stays so', () => {
    expect(feedTrouble(undefined, 'stale')).toBeUndefined();
    expect(feedTrouble('live', 'stale')).toMatch(/stale/);
    expect(feedTrouble('stale', 'expired')).toMatch(/expired/);
    expect(feedTrouble('stale', 'stale')).toBeUndefined();
    expect(feedTrouble('stale', 'live')).toBeUndefined();
  });

  it('alert on a discipline hold that was not holding before', () => {
    const cut = { rule: 'cutOff' as const, message: 'No new positions after 15:00' };
    expect(newHold(undefined, status([cut]))).toBeUndefined();
    expect(newHold(status([]), status([cut]))).toBe(cut.message);
    expect(newHold(status([cut]), status([cut]))).toBeUndefined();
  });
});
