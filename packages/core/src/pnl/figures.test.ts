import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FigurePosition, indexPnl, intradayMtm } from './figures';
import { positionPnl, totalMtm } from './pnl';

const position = (overrides: Partial<FigurePosition>): FigurePosition => ({
  tradingSymbol: 'NIFTY26NOV26000CE',
  productType: 'intraday',
  index: 'NIFTY',
  buyValue: 0,
  sellValue: 0,
  quantity: 0,
  lastTradedPrice: 0,
  ...overrides,
});

// A closed MIS trade (+650 realised), an open MIS long (100 -> 110: +650), an open NRML short (200 -> 150: +3250)
// and a BANKNIFTY MIS long (300 -> 290: -300).
const day: FigurePosition[] = [
  position({ tradingSymbol: 'CLOSED_CE', buyValue: 6500, sellValue: 7150, lastTradedPrice: 111 }),
  position({ tradingSymbol: 'OPEN_CE', buyValue: 6500, quantity: 65, lastTradedPrice: 110 }),
  position({
    tradingSymbol: 'NRML_PE',
    productType: 'normal',
    sellValue: 13_000,
    quantity: -65,
    lastTradedPrice: 150,
  }),
  position({
    tradingSymbol: 'BANK_CE',
    index: 'BANKNIFTY',
    buyValue: 9000,
    quantity: 30,
    lastTradedPrice: 290,
  }),
];

describe('P&L figures', () => {
  it('intraday MTM: MIS positions only, closed ones included', () => {
    expect(intradayMtm(day, {})).toBe(650 + 650 - 300);
    expect(intradayMtm(day, { OPEN_CE: 120 })).toBe(650 + 1300 - 300);
    expect(
      intradayMtm(
        day.filter((p) => p.productType === 'normal'),
        {},
      ),
    ).toBe(0);
  });

  it('index P&L: every product of the index, closed positions included', () => {
    expect(indexPnl(day, 'NIFTY', {})).toBe(650 + 650 + 3250);
    expect(indexPnl(day, 'BANKNIFTY', {})).toBe(-300);
    expect(indexPnl(day, 'SENSEX', {})).toBe(0);
  });

  it('splits the total exactly: MIS + NRML, and the sum over indices, equal the P&L of all positions (property)', () => {
    const money = fc.integer({ min: 0, max: 5_000_000 }).map((paise) => paise / 100);
    const arbitraryPosition = fc.record({
      tradingSymbol: fc.constantFrom('A', 'B', 'C', 'D'),
      productType: fc.constantFrom<'normal' | 'intraday'>('normal', 'intraday'),
      index: fc.constantFrom('NIFTY', 'BANKNIFTY'),
      buyValue: money,
      sellValue: money,
      quantity: fc.integer({ min: -20, max: 20 }).map((lots) => lots * 65),
      lastTradedPrice: fc.integer({ min: 1, max: 20_000 }).map((ticks) => ticks * 0.05),
    });
    fc.assert(
      fc.property(fc.array(arbitraryPosition, { maxLength: 8 }), (positions) => {
        const toPaise = (rupees: number) => Math.round(rupees * 100);
        const all = toPaise(totalMtm(positions, {}));
        const nrml = positions.filter((p) => p.productType === 'normal');
        // Each figure rounds once; whole-paise inputs keep every sum exact.
        expect(toPaise(intradayMtm(positions, {})) + toPaise(totalMtm(nrml, {}))).toBe(all);
        expect(
          toPaise(indexPnl(positions, 'NIFTY', {})) + toPaise(indexPnl(positions, 'BANKNIFTY', {})),
        ).toBe(all);
        expect(all).toBe(positions.reduce((sum, p) => sum + toPaise(positionPnl(p, p.lastTradedPrice)), 0));
      }),
      { numRuns: 300 },
    );
  });
});
