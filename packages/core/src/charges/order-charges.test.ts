import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChargeableOrder, orderCharges } from './order-charges';

const base: ChargeableOrder = {
  contract: 'option',
  exchange: 'NFO',
  underlying: 'NIFTY',
  side: 'buy',
  turnoverPaise: 0,
  date: '2025-11-03',
  brokeragePerOrderPaise: 2000,
};

describe('orderCharges (worked examples)', () => {
  it('NIFTY option buy of Rs 7,500 premium (75 x 100) in Nov 2025', () => {
    const c = orderCharges({ ...base, turnoverPaise: 750_000 });
    expect(c).toEqual({
      brokeragePaise: 2000,
      sttPaise: 0,
      exchangePaise: 263, // 0.03503% of 7,500 = 2.627
      sebiPaise: 1, // Rs 10/crore of 7,500 = 0.0075
      stampPaise: 23, // 0.003% of 7,500 = 0.225
      gstPaise: 408, // 18% of (20 + 2.63 + 0.01) = 4.0752
      totalPaise: 2695,
    });
  });

  it('the same premium sold pays STT of 0.1% rounded to the rupee and no stamp duty', () => {
    const c = orderCharges({ ...base, side: 'sell', turnoverPaise: 750_000 });
    expect(c.sttPaise).toBe(800); // 7.50 rounds to Rs 8
    expect(c.stampPaise).toBe(0);
    expect(c.totalPaise).toBe(2000 + 800 + 263 + 1 + 408);
  });

  it('STT on options is 0.15% of the sell premium from 2026-04-01 and 0.0625% before 2024-10-01', () => {
    const sell = { ...base, side: 'sell' as const, turnoverPaise: 10_000_000 }; // Rs 1 lakh
    expect(orderCharges({ ...sell, date: '2026-04-01' }).sttPaise).toBe(15_000);
    expect(orderCharges({ ...sell, date: '2026-03-31' }).sttPaise).toBe(10_000);
    expect(orderCharges({ ...sell, date: '2024-09-30' }).sttPaise).toBe(6_300); // 62.5 rounds to 63
  });

  it('BSE SENSEX options pay Rs 3,250/crore, SENSEX50 options Rs 500/crore', () => {
    const t = { ...base, exchange: 'BFO' as const, turnoverPaise: 10_000_000 };
    expect(orderCharges({ ...t, underlying: 'SENSEX' }).exchangePaise).toBe(3250);
    expect(orderCharges({ ...t, underlying: 'SENSEX50' }).exchangePaise).toBe(500);
  });

  it('futures brokerage is the lower of the flat fee and 0.03% of turnover', () => {
    const fut = { ...base, contract: 'future' as const };
    expect(orderCharges({ ...fut, turnoverPaise: 5_000_000 }).brokeragePaise).toBe(1500);
    expect(orderCharges({ ...fut, turnoverPaise: 180_000_000 }).brokeragePaise).toBe(2000);
  });

  it('nothing filled, nothing charged', () => {
    expect(orderCharges(base).totalPaise).toBe(0);
  });
});

describe('orderCharges (properties)', () => {
  const orderArb = fc.record({
    contract: fc.constantFrom('option' as const, 'future' as const),
    exchange: fc.constantFrom('NFO' as const, 'BFO' as const),
    underlying: fc.constantFrom('NIFTY', 'BANKNIFTY', 'SENSEX', 'BANKEX', 'SENSEX50'),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    turnoverPaise: fc.integer({ min: 0, max: 5_000_000_000 }),
    date: fc.constantFrom('2024-06-03', '2024-10-01', '2025-11-03', '2026-04-01', '2026-11-24'),
    brokeragePerOrderPaise: fc.integer({ min: 0, max: 10_000 }),
  });

  it('every component is a whole, non-negative number of paise and they add up', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const c = orderCharges(order);
        const parts = [c.brokeragePaise, c.sttPaise, c.exchangePaise, c.sebiPaise, c.stampPaise, c.gstPaise];
        for (const part of parts) {
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
        }
        expect(c.totalPaise).toBe(parts.reduce((a, b) => a + b, 0));
        expect(c.sttPaise % 100).toBe(0); // STT in whole rupees
      }),
    );
  });

  it('stamp duty only on buys, STT only on sells', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const c = orderCharges(order);
        if (order.side === 'buy') expect(c.sttPaise).toBe(0);
        else expect(c.stampPaise).toBe(0);
      }),
    );
  });

  it('monotone in quantity: more filled never costs less, component by component', () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        (order, pricePaise, qty, extra) => {
          const a = orderCharges({ ...order, turnoverPaise: pricePaise * qty });
          const b = orderCharges({ ...order, turnoverPaise: pricePaise * (qty + extra) });
          for (const key of Object.keys(a) as (keyof typeof a)[])
            expect(b[key]).toBeGreaterThanOrEqual(a[key]);
        },
      ),
    );
  });

  it('GST is 18% of brokerage, exchange charges and SEBI fee, to the paisa', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const c = orderCharges(order);
        const base18 = (c.brokeragePaise + c.exchangePaise + c.sebiPaise) * 0.18;
        expect(Math.abs(c.gstPaise - base18)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});
