import { describe, expect, it } from 'vitest';
import { istEpochMs } from '../market/dates';
import {
  DEFAULT_DISCIPLINE,
  type DisciplineSettings,
  dayAt,
  disciplineHolds,
  emptyDay,
  reachesMaxLoss,
} from './discipline';

const at = (hour: number, minute: number) => istEpochMs('2026-11-24', hour, minute);
const rules = (patch: Partial<DisciplineSettings>): DisciplineSettings => ({
  ...DEFAULT_DISCIPLINE,
  ...patch,
});
const day = { ...emptyDay('2026-11-24') };

describe('discipline rules', () => {
  it('holds nothing by default, even on a bad day', () => {
    const busy = { ...day, trades: 500, lastLossAt: at(10, 0) };
    expect(
      disciplineHolds({ settings: DEFAULT_DISCIPLINE, day: busy, now: at(15, 0), marketOrder: true }),
    ).toEqual([]);
  });

  it('max trades per day refuses the order after the last allowed one', () => {
    const settings = rules({ maxTradesPerDay: 3 });
    expect(disciplineHolds({ settings, day: { ...day, trades: 2 }, now: at(10, 0) })).toEqual([]);
    const [hold] = disciplineHolds({ settings, day: { ...day, trades: 3 }, now: at(10, 0) });
    expect(hold?.rule).toBe('maxTrades');
    expect(hold?.message).toContain('Max trades per day reached (3 of 3)');
  });

  it('a max-loss lock holds even once the rule is switched off, and ends with the day', () => {
    const locked = { ...day, lockedAt: at(11, 0) };
    expect(disciplineHolds({ settings: DEFAULT_DISCIPLINE, day: locked, now: at(11, 5) })[0]?.rule).toBe(
      'maxLoss',
    );
    expect(dayAt(locked, istEpochMs('2026-11-25', 9, 0)).lockedAt).toBeNull();
    expect(dayAt(locked, at(23, 59)).lockedAt).toBe(at(11, 0));
  });

  it('the lock is reached at minus the max loss, not before', () => {
    const settings = rules({ maxLossPerDay: 5000 });
    expect(reachesMaxLoss(settings, -4999.95)).toBe(false);
    expect(reachesMaxLoss(settings, -5000)).toBe(true);
    expect(reachesMaxLoss(DEFAULT_DISCIPLINE, -1e9)).toBe(false);
  });

  it('cool-down holds N minutes after a losing trade and says how long is left', () => {
    const settings = rules({ coolDownMinutes: 15 });
    const lost = { ...day, lastLossAt: at(10, 0) };
    const [hold] = disciplineHolds({ settings, day: lost, now: at(10, 5) });
    expect(hold).toEqual({
      rule: 'coolDown',
      message: 'Cool-down after a losing trade: new orders allowed again in 10 min',
      until: at(10, 15),
    });
    expect(disciplineHolds({ settings, day: lost, now: at(10, 15) })).toEqual([]);
  });

  it('no new positions from the cut-off time on (IST), capped at the session close', () => {
    const settings = rules({ noNewPositionsAfter: '14:30' });
    expect(disciplineHolds({ settings, day, now: at(14, 29) })).toEqual([]);
    expect(disciplineHolds({ settings, day, now: at(14, 30) })[0]?.message).toBe(
      'No new positions after 14:30 IST: only exits until the next session',
    );
    const late = rules({ noNewPositionsAfter: '23:00' });
    expect(disciplineHolds({ settings: late, day, now: at(15, 30) })[0]?.message).toContain(
      'after 15:30 IST',
    );
  });

  it('the no-market switch refuses market orders only', () => {
    const settings = rules({ noMarketOrders: true });
    expect(disciplineHolds({ settings, day, now: at(10, 0), marketOrder: false })).toEqual([]);
    expect(disciplineHolds({ settings, day, now: at(10, 0), marketOrder: true })[0]?.rule).toBe('noMarket');
  });
});

describe('losing trades', () => {
  const pos = (symbol: string, quantity: number, buyValue: number, sellValue: number) => ({
    tradingSymbol: symbol,
    product: 'MIS',
    quantity,
    buyValue,
    sellValue,
  });

  it('a position closed below its cost is a loss; an open position or a winner is not', async () => {
    const { bookedByPosition, closedAtLoss } = await import('./discipline');
    const before = bookedByPosition([pos('A', 75, 7500, 0)]);
    expect(closedAtLoss(before, bookedByPosition([pos('A', 0, 7500, 7000)]))).toBe(true);
    expect(closedAtLoss(before, bookedByPosition([pos('A', 0, 7500, 8000)]))).toBe(false);
    expect(closedAtLoss(before, bookedByPosition([pos('A', 75, 7500, 0)]))).toBe(false);
    // Re-entered and closed again: only the new trade's result counts.
    const won = bookedByPosition([pos('A', 0, 7500, 8000)]);
    expect(closedAtLoss(won, bookedByPosition([pos('A', 0, 15000, 15300)]))).toBe(true);
    expect(closedAtLoss(won, bookedByPosition([pos('A', 0, 0.1 + 0.2, 0.3 + 500)]))).toBe(false);
    // Read while re-entered, the position keeps its booked figure for the next close.
    const reopened = bookedByPosition([pos('A', 75, 15000, 8000)], won);
    expect(reopened.get('A|MIS')).toBe(500);
    expect(closedAtLoss(reopened, bookedByPosition([pos('A', 0, 15000, 15200)], reopened))).toBe(true);
  });
});
