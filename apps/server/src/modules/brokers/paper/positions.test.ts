import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFill,
  averageOpenPricePaise,
  carryForward,
  emptyPosition,
  type PaperPosition,
  type PositionFill,
} from './positions';

const identity = {
  userId: 'u1',
  tradingSymbol: 'NIFTY26N2426000CE',
  internalToken: '1',
  exchange: 'NFO' as const,
  product: 'normal' as const,
};

const fold = (fills: readonly PositionFill[]): PaperPosition =>
  fills.reduce((position, fill, i) => applyFill(position, fill, i + 1), emptyPosition(identity, 0));

describe('paper positions', () => {
  it('books realised P&L at the average cost of the open quantity', () => {
    const p = fold([
      { side: 'buy', quantity: 65, pricePaise: 10_000 },
      { side: 'buy', quantity: 65, pricePaise: 12_000 },
      { side: 'sell', quantity: 65, pricePaise: 13_000 },
    ]);
    expect(p.netQuantity).toBe(65);
    expect(p.realisedPaise).toBe(65 * (13_000 - 11_000));
    expect(p.openCostPaise).toBe(65 * 11_000);
    expect(averageOpenPricePaise(p)).toBe(11_000);
  });

  it('closes and reopens at the fill price when a fill flips the position', () => {
    const p = fold([
      { side: 'buy', quantity: 10, pricePaise: 10_000 },
      { side: 'sell', quantity: 30, pricePaise: 9_000 },
    ]);
    expect(p.netQuantity).toBe(-20);
    expect(p.realisedPaise).toBe(-10 * 1_000);
    expect(p.openCostPaise).toBe(20 * 9_000);
    const closed = applyFill(p, { side: 'buy', quantity: 20, pricePaise: 8_000 }, 9);
    expect(closed.netQuantity).toBe(0);
    expect(closed.openCostPaise).toBe(0);
    expect(closed.realisedPaise).toBe(-10_000 + 20 * 1_000);
  });

  const fillArb = fc.record({
    side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
    quantity: fc.integer({ min: 1, max: 40 }).map((lots) => lots * 65),
    pricePaise: fc.integer({ min: 1, max: 100_000 }).map((ticks) => ticks * 5),
  });

  it('always equals the sum of its fills, and realised + open P&L is the P&L to the paisa', () => {
    fc.assert(
      fc.property(
        fc.array(fillArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 100_000 }),
        (fills, ltpTicks) => {
          const p = fold(fills);
          const signed = (f: PositionFill) => (f.side === 'buy' ? f.quantity : -f.quantity);
          const value = (side: 'buy' | 'sell') =>
            fills.filter((f) => f.side === side).reduce((sum, f) => sum + f.quantity * f.pricePaise, 0);
          expect(p.netQuantity).toBe(fills.reduce((sum, f) => sum + signed(f), 0));
          expect(p.buyValuePaise).toBe(value('buy'));
          expect(p.sellValuePaise).toBe(value('sell'));
          expect(p.openCostPaise).toBeGreaterThanOrEqual(0);
          if (p.netQuantity === 0) expect(p.openCostPaise).toBe(0);
          const ltpPaise = ltpTicks * 5;
          const specPnl = p.sellValuePaise - p.buyValuePaise + ltpPaise * p.netQuantity;
          const openPnl =
            p.netQuantity >= 0
              ? ltpPaise * p.netQuantity - p.openCostPaise
              : p.openCostPaise + ltpPaise * p.netQuantity;
          expect(p.realisedPaise + openPnl).toBe(specPnl);
        },
      ),
    );
  });

  const dayPnlPaise = (p: PaperPosition, pricePaise: number) =>
    p.sellValuePaise - p.buyValuePaise + pricePaise * p.netQuantity;

  it('drops a flat position at the rollover and carries an open one at the previous close', () => {
    expect(
      carryForward(
        fold([
          { side: 'buy', quantity: 65, pricePaise: 10_000 },
          { side: 'sell', quantity: 65, pricePaise: 12_000 },
        ]),
        12_000,
        9,
      ),
    ).toBeUndefined();
    const carried = carryForward(fold([{ side: 'buy', quantity: 65, pricePaise: 10_000 }]), 11_000, 9);
    expect(carried).toMatchObject({
      netQuantity: 65,
      buyQuantity: 65,
      buyValuePaise: 65 * 11_000,
      sellValuePaise: 0,
      openCostPaise: 65 * 10_000,
      realisedPaise: 0,
      updatedAt: 9,
    });
  });

  it("splits a position's P&L at the rollover: money is unchanged, the day's P&L counts from the close", () => {
    fc.assert(
      fc.property(
        fc.array(fillArb, { maxLength: 20 }),
        fc.array(fillArb, { maxLength: 20 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (yesterday, today, closeTicks, ltpTicks) => {
          const [closePaise, ltpPaise] = [closeTicks * 5, ltpTicks * 5];
          const before = fold(yesterday);
          const all = fold([...yesterday, ...today]);
          const carried = carryForward(before, closePaise, 100);
          if (!carried) {
            expect(before.netQuantity).toBe(0);
            return;
          }
          const after = today.reduce((p, fill, i) => applyFill(p, fill, 101 + i), carried);
          // Money: what was realised yesterday (booked) plus today's equals the unsplit fold; the open cost too.
          expect(before.realisedPaise + after.realisedPaise).toBe(all.realisedPaise);
          expect(after.openCostPaise).toBe(all.openCostPaise);
          expect(after.netQuantity).toBe(all.netQuantity);
          // The day's figure is the whole P&L less what the position had made up to the close.
          expect(dayPnlPaise(after, ltpPaise)).toBe(
            dayPnlPaise(all, ltpPaise) - dayPnlPaise(before, closePaise),
          );
        },
      ),
    );
  });
});
