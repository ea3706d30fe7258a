import { positionPnl } from '@xtrader/core/pnl/pnl';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createNiftyCeDesk,
  type OrderCommandBuilder,
  type PaperFixture,
} from '../../../../test/helpers/paper';
import { describeEachStore } from '../../../../test/helpers/test-store';

// Charges on the paper exchange (docs/charges.md), on the fixture's day, Monday 2026-11-23: STT on option sells
// is 0.15% of the premium (from 2026-04-01), NSE's transaction charge 0.03503%, SEBI Rs 10/crore, stamp duty
// 0.003% on buys, GST 18% on brokerage + exchange + SEBI, brokerage Rs 20 per executed order.

describeEachStore('paper exchange charges', (kind) => {
  let f: PaperFixture;
  let user: string;
  let symbol: string;
  let cmd: OrderCommandBuilder;
  beforeEach(async () => {
    ({ f, user, symbol, cmd } = await createNiftyCeDesk(kind));
  });
  afterEach(async () => {
    await f.close();
  });

  it('a buy and a sell of the same contract lose the spread plus the charges of both orders', async () => {
    // The last price stays 100 and the quote has no depth, so the book is one tick either side: bought at the ask
    // (100.05), sold at the bid (99.95). One lot of 65 loses 0.10 x 65 = 6.50 of spread.
    await f.exchange.sessionFor(user).placeOrder(cmd());
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell' }));
    const [position] = await f.exchange.sessionFor(user).positions();
    expect(position).toMatchObject({ quantity: 0, buyValue: 6503.25, sellValue: 6496.75 });
    expect(position && positionPnl(position, 100)).toBe(-6.5);
    // Buy of 6,503.25: 20 + exchange 2.28 + SEBI 0.01 + stamp 0.20 + GST 4.01 = 26.50.
    // Sell of 6,496.75: 20 + STT 9.75 (paid as Rs 10) + exchange 2.28 + SEBI 0.01 + GST 4.01 = 36.30.
    expect(position?.charges).toBe(62.8);
    const funds = await f.exchange.sessionFor(user).margin();
    // The round trip costs 6.50 of spread plus 62.80 of charges: 69.30.
    expect(funds).toEqual({ total: 999_930.7, available: 999_930.7, utilized: 0, charges: 62.8 });
    expect(1_000_000 - funds.total).toBeCloseTo(6.5 + 62.8, 10);

    await f.exchange.idle();
    const trades = await f.store.db
      .selectFrom('paperTrades')
      .select(['side', 'chargesPaise'])
      .where('userId', '=', user)
      .orderBy('seq')
      .execute();
    expect(trades.map((t) => [t.side, Number(t.chargesPaise)])).toEqual([
      ['buy', 2650],
      ['sell', 3630],
    ]);
    const perOrder = await f.exchange.orderCharges(user);
    expect(perOrder.map((o) => [o.orderId, o.total, o.stt, o.stamp])).toEqual([
      ['c', 26.5, 0, 0.2],
      ['c', 36.3, 10, 0],
    ]);
    for (const o of perOrder) {
      expect(o.brokerage + o.stt + o.exchange + o.sebi + o.stamp + o.gst).toBeCloseTo(o.total, 10);
    }
  });

  it('keeps the charges across a restart and books them with the realised P&L at the day rollover', async () => {
    // The round trip of the test above: 6.50 of spread and 62.80 of charges.
    await f.exchange.sessionFor(user).placeOrder(cmd());
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell' }));
    await f.restart();
    expect((await f.exchange.sessionFor(user).positions())[0]?.charges).toBe(62.8);
    expect((await f.exchange.sessionFor(user).margin()).total).toBe(999_930.7);
    f.clock.advance(86_400_000);
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 999_930.7,
      available: 999_930.7,
      utilized: 0,
      charges: 0,
    });
  });

  it('charges brokerage once per executed order, however large', async () => {
    await f.exchange.sessionFor(user).placeOrder(cmd({ quantity: 65 * 10 }));
    // 65,032.50 of premium (at the ask, 100.05): 20 + 22.78 + 0.07 + stamp 1.95 + GST 7.71 = 52.51.
    expect((await f.exchange.sessionFor(user).positions())[0]?.charges).toBe(52.51);
  });

  it('an order that walks the book pays its charges once over its trades: brokerage on the first', async () => {
    f.market.set(
      'practice',
      { [symbol]: 100 },
      {
        depth: {
          buy: [{ price: 99.95, quantity: 650 }],
          sell: [
            { price: 100.05, quantity: 30 },
            { price: 100.1, quantity: 650 },
          ],
        },
      },
    );
    await f.exchange.sessionFor(user).placeOrder(cmd());
    await f.exchange.idle();
    const trades = await f.store.db
      .selectFrom('paperTrades')
      .select(['quantity', 'pricePaise', 'chargesPaise'])
      .where('userId', '=', user)
      .orderBy('seq')
      .execute();
    // 30 at 100.05 (3,001.50): 20 + exchange 1.05 + stamp 0.09 + GST 3.79 = 24.93. The order as a whole, 6,505
    // (average 100.08), costs 26.50 like a single fill of that premium; the second trade adds the 1.57 left.
    expect(trades.map((t) => [Number(t.quantity), Number(t.pricePaise), Number(t.chargesPaise)])).toEqual([
      [30, 10_005, 2493],
      [35, 10_010, 157],
    ]);
    expect((await f.exchange.sessionFor(user).positions())[0]?.charges).toBe(26.5);
    expect((await f.exchange.orderCharges(user)).map((o) => o.total)).toEqual([26.5]);
  });

  it('the intraday square-off closes MIS with charges and keeps the day summary', async () => {
    const pe = f.contracts.niftyPe;
    f.market.set('practice', { [pe.tradingsymbol]: 80 });
    // A winning MIS round trip on the call (+1,300 gross) and a losing MIS put left for the square-off.
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday' }));
    f.market.push('practice', { [symbol]: 120 });
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday', side: 'sell' }));
    const put = {
      tradingSymbol: pe.tradingsymbol,
      internalToken: pe.internalToken,
      product: 'intraday' as const,
    };
    await f.exchange.sessionFor(user).placeOrder(cmd(put));
    f.market.push('practice', { [pe.tradingsymbol]: 70 });
    await f.exchange.squareOffNow();
    const positions = await f.exchange.sessionFor(user).positions();
    expect(positions.every((p) => p.quantity === 0)).toBe(true);
    const [day] = await f.exchange.daySummaries(user);
    // Call: bought at 100.05, sold at 119.95: +1,293.50 gross less 26.50 + 38.83 of charges, a win. Put: bought at
    // 80.05, squared off at the bid 69.95: -656.50 gross less 25.92 + 32.48 of charges, a loss and the day's largest.
    expect(day).toMatchObject({ day: '2026-11-23', trades: 4, gross: 637, wins: 1, losses: 1, winRate: 50 });
    const charges = positions.reduce((sum, p) => sum + (p.charges ?? 0), 0);
    expect(day?.charges).toBeCloseTo(charges, 10);
    expect(charges).toBeCloseTo(26.5 + 38.83 + 25.92 + 32.48, 10);
    expect(day?.net).toBeCloseTo(637 - charges, 10);
    const putPosition = positions.find((p) => p.tradingSymbol === pe.tradingsymbol);
    expect(putPosition?.charges).toBeCloseTo(25.92 + 32.48, 10);
    expect(day?.largestLoss).toBeCloseTo(-656.5 - 25.92 - 32.48, 10);
    // Running it again the same day rewrites the day, it does not add one.
    await f.exchange.squareOffNow();
    expect(await f.exchange.daySummaries(user)).toHaveLength(1);
  });
});
