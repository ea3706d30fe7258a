import { describe, expect, it } from 'vitest';
import { type JournalFill, pairRoundTrips, spreadCharges } from './round-trips';

const fill = (
  over: Partial<JournalFill> & Pick<JournalFill, 'orderId' | 'side' | 'quantity' | 'price' | 'ts'>,
) => ({ tradingSymbol: 'NIFTY26000CE', chargesPaise: 0, ...over }) satisfies JournalFill;

describe('pairRoundTrips', () => {
  it('pairs a buy and a sell into one closed long trip with its P&L and charges', () => {
    const [trip, ...rest] = pairRoundTrips([
      fill({ orderId: 'B1', side: 'buy', quantity: 65, price: 100.05, ts: 1, chargesPaise: 2650 }),
      fill({ orderId: 'S1', side: 'sell', quantity: 65, price: 101.5, ts: 2, chargesPaise: 4100 }),
    ]);
    expect(rest).toEqual([]);
    expect(trip).toMatchObject({
      tradeId: 'B1',
      direction: 'long',
      quantity: 65,
      openQuantity: 0,
      entryPrice: 100.05,
      exitPrice: 101.5,
      openedAt: 1,
      closedAt: 2,
      grossPaise: 9425,
      chargesPaise: 6750,
      netPaise: 2675,
      orderIds: ['B1', 'S1'],
    });
  });

  it('counts a short trip as profit when bought back lower', () => {
    const [trip] = pairRoundTrips([
      fill({ orderId: 'S1', side: 'sell', quantity: 10, price: 50, ts: 1 }),
      fill({ orderId: 'B1', side: 'buy', quantity: 10, price: 45, ts: 2 }),
    ]);
    expect(trip).toMatchObject({ direction: 'short', grossPaise: 5000, closedAt: 2 });
  });

  it('averages scaled entries and exits and closes only when the position is back at zero', () => {
    const trips = pairRoundTrips([
      fill({ orderId: 'B1', side: 'buy', quantity: 10, price: 100, ts: 1 }),
      fill({ orderId: 'B2', side: 'buy', quantity: 10, price: 110, ts: 2 }),
      fill({ orderId: 'S1', side: 'sell', quantity: 5, price: 120, ts: 3 }),
    ]);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ entryPrice: 105, exitPrice: 120, openQuantity: 15, closedAt: null });
    expect(trips[0]?.grossPaise).toBe(7500);
  });

  it('splits a flip into a closed trip and a new one in the other direction, charges by quantity', () => {
    const trips = pairRoundTrips([
      fill({ orderId: 'B1', side: 'buy', quantity: 10, price: 100, ts: 1 }),
      fill({ orderId: 'S1', side: 'sell', quantity: 30, price: 90, ts: 2, chargesPaise: 300 }),
    ]);
    expect(trips.map((t) => [t.tradeId, t.direction, t.quantity, t.closedAt, t.chargesPaise])).toEqual([
      ['B1', 'long', 10, 2, 100],
      ['S1', 'short', 20, null, 200],
    ]);
    expect(trips[0]?.grossPaise).toBe(-10000);
  });

  it('keeps contracts apart and sorts fills by time whatever their order', () => {
    const trips = pairRoundTrips([
      fill({ orderId: 'S1', side: 'sell', quantity: 1, price: 2, ts: 4 }),
      fill({ orderId: 'P1', tradingSymbol: 'NIFTY26000PE', side: 'buy', quantity: 1, price: 5, ts: 2 }),
      fill({ orderId: 'B1', side: 'buy', quantity: 1, price: 1, ts: 1 }),
    ]);
    expect(trips.map((t) => [t.tradeId, t.closedAt])).toEqual([
      ['B1', 4],
      ['P1', null],
    ]);
  });

  it('gives a second trip opened by the same order a distinct id', () => {
    const trips = pairRoundTrips([
      fill({ orderId: 'B1', side: 'buy', quantity: 1, price: 1, ts: 1 }),
      fill({ orderId: 'S1', side: 'sell', quantity: 1, price: 1, ts: 2 }),
      fill({ orderId: 'B1', side: 'buy', quantity: 1, price: 1, ts: 3 }),
    ]);
    expect(trips.map((t) => t.tradeId)).toEqual(['B1', 'B1-2']);
  });
});

describe('spreadCharges', () => {
  it('adds up to the total, the last share taking the rounding', () => {
    expect(spreadCharges(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(spreadCharges(0, [])).toEqual([]);
    expect(spreadCharges(5, [0])).toEqual([0]);
  });
});
