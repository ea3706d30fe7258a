import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deltaRelativeToNifty, livePrice, netDelta, positionPnl, totalMtm } from './pnl';

describe('position P&L', () => {
  it.each([
    [{ buyValue: 6500, sellValue: 0, quantity: 65 }, 120, 1300], // long 65 @100, now 120
    [{ buyValue: 0, sellValue: 6500, quantity: -65 }, 120, -1300], // short 65 @100, now 120
    [{ buyValue: 6500, sellValue: 7800, quantity: 0 }, 999, 1300], // closed: realised only
    [{ buyValue: 100.005, sellValue: 0, quantity: 1 }, 100, -0.01], // rounds half away from zero
    [{ buyValue: 1234.567, sellValue: 0, quantity: 10 }, 123.45, -0.07],
    [{ buyValue: 0.3, sellValue: 0.1 + 0.2, quantity: 0 }, 0, 0],
  ])('positionPnl(%j, %d) = %d', (position, ltp, expected) => {
    expect(positionPnl(position, ltp)).toBe(expected);
  });

  it('is two-decimal and linear in price (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: 1, max: 200_000 }),
        (buyPaise, sellPaise, quantity, ltpTicks) => {
          const position = { buyValue: buyPaise / 100, sellValue: sellPaise / 100, quantity };
          const ltp = ltpTicks / 20;
          const pnl = positionPnl(position, ltp);
          expect(pnl).toBe(Number(pnl.toFixed(2)));
          // With paise inputs the result is exact: (sell - buy) paise + ltp paise x qty.
          expect(Math.round(pnl * 100)).toBe(sellPaise - buyPaise + ltpTicks * 5 * quantity);
        },
      ),
    );
  });
});

describe('total MTM', () => {
  const positions = [
    { tradingSymbol: 'A', buyValue: 6500, sellValue: 0, quantity: 65, lastTradedPrice: 110 },
    { tradingSymbol: 'B', buyValue: 0, sellValue: 3000, quantity: -30, lastTradedPrice: 90 },
  ];

  it('uses live prices and falls back to the last traded price', () => {
    expect(totalMtm(positions, { A: 120 })).toBe(1300 + 300);
    expect(totalMtm(positions, new Map([['B', 95.05]]))).toBe(650 + 148.5);
    expect(totalMtm(positions, { A: Number.NaN })).toBe(650 + 300);
    expect(livePrice(positions[0]!, {})).toBe(110);
    expect(totalMtm([], {})).toBe(0);
  });

  it('equals the sum of position P&Ls for paise positions (property)', () => {
    const position = fc.record({
      tradingSymbol: fc.constantFrom('A', 'B', 'C'),
      buyValue: fc.integer({ min: 0, max: 1_000_000 }).map((p) => p / 100),
      sellValue: fc.integer({ min: 0, max: 1_000_000 }).map((p) => p / 100),
      quantity: fc.integer({ min: -1000, max: 1000 }),
      lastTradedPrice: fc.integer({ min: 1, max: 20_000 }).map((t) => t / 20),
    });
    fc.assert(
      fc.property(
        fc.array(position, { maxLength: 20 }),
        fc.integer({ min: 1, max: 20_000 }),
        (list, aTicks) => {
          const prices = { A: aTicks / 20 };
          const byHand = list.reduce(
            (sum, p) => sum + Math.round(positionPnl(p, livePrice(p, prices)) * 100),
            0,
          );
          expect(Math.round(totalMtm(list, prices) * 100)).toBe(byHand);
        },
      ),
    );
  });
});

describe('delta', () => {
  it('sums quantity x delta, skipping unknown deltas', () => {
    const positions = [
      { quantity: 65, delta: 0.5 },
      { quantity: -30, delta: -0.4 },
      { quantity: 20, delta: undefined },
    ];
    expect(netDelta(positions, (p) => p.delta)).toBeCloseTo(32.5 + 12, 10);
  });

  it('converts to NIFTY-equivalent delta by the spot ratio', () => {
    expect(deltaRelativeToNifty(10, 59000, 26000)).toBeCloseTo(22.6923, 4);
    expect(deltaRelativeToNifty(10, 26000, 26000)).toBe(10);
    expect(deltaRelativeToNifty(10, 59000, 0)).toBe(0);
  });
});
