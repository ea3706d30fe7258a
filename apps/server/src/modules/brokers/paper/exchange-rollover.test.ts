import { positionPnl } from '@xtrader/core/pnl/pnl';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createNiftyCeDesk,
  type OrderCommandBuilder,
  type PaperFixture,
} from '../../../../test/helpers/paper';
import { describeEachStore } from '../../../../test/helpers/test-store';
import { singleSource } from '../../market/sourced-prices';
import { createMtmReader } from '../../risk/current-mtm';

const DAY_MS = 86_400_000;

describeEachStore('paper exchange day rollover', (kind) => {
  let f: PaperFixture;
  let user: string;
  let symbol: string;
  let cmd: OrderCommandBuilder;
  let intradayMtm: (userId: string) => Promise<number>;
  beforeEach(async () => {
    ({ f, user, symbol, cmd } = await createNiftyCeDesk(kind));
    intradayMtm = createMtmReader({
      positions: { positions: async (userId) => await f.exchange.sessionFor(userId).positions() },
      pricesOf: async () => ({ source: 'sim', view: 'practice' }),
      prices: singleSource(f.market),
    });
  });
  afterEach(async () => {
    await f.close();
  });

  /**
   * Monday's trade: one MIS lot bought at 100 and sold at 120, last prices without depth, so bought at the ask
   * (100.05) and sold at the bid (119.95): Rs 1,293.50 realised.
   */
  async function closedIntradayYesterday() {
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday' }));
    f.market.push('practice', { [symbol]: 120 });
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday', side: 'sell' }));
    expect(await intradayMtm(user)).toBe(1293.5);
  }

  it("drops yesterday's closed MIS position from today's positions and Intraday MTM, keeping its money", async () => {
    await closedIntradayYesterday();
    f.clock.advance(DAY_MS);
    expect(await f.exchange.sessionFor(user).positions()).toEqual([]);
    expect(await intradayMtm(user)).toBe(0);
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_001_228.17, // 1,293.50 realised less Rs 65.33 of charges (26.50 + 38.83), booked
      available: 1_001_228.17,
      utilized: 0,
      charges: 0,
    });
    // The rollover is persisted: a restart later that day neither brings the position back nor loses the money.
    await f.restart();
    expect(await f.exchange.sessionFor(user).positions()).toEqual([]);
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_001_228.17, // 1,293.50 realised less Rs 65.33 of charges (26.50 + 38.83), booked
      available: 1_001_228.17,
      utilized: 0,
      charges: 0,
    });
    // The orders that made it stay in the order history.
    expect(
      (await f.exchange.sessionFor(user).listOrders()).filter((o) => o.status === 'complete'),
    ).toHaveLength(2);
  });

  it('keeps the positions of the same day: a read before midnight changes nothing', async () => {
    await closedIntradayYesterday();
    f.clock.advance(10 * 3600_000); // 19:30 IST, same day
    expect(await f.exchange.sessionFor(user).positions()).toMatchObject([
      { quantity: 0, buyValue: 6503.25, sellValue: 7796.75 },
    ]);
    expect(await intradayMtm(user)).toBe(1293.5);
  });

  it("carries an NRML long forward: today's P&L runs from the previous close, the average cost is kept", async () => {
    await f.exchange.sessionFor(user).placeOrder(cmd());
    f.market.push('practice', { [symbol]: 110 });
    f.clock.advance(DAY_MS);
    const [carried] = await f.exchange.sessionFor(user).positions();
    expect(carried).toMatchObject({
      product: 'normal',
      quantity: 65,
      buyQuantity: 65,
      buyValue: 7150,
      sellQuantity: 0,
      sellValue: 0,
      averagePrice: 100.05,
    });
    f.market.push('practice', { [symbol]: 115 });
    const [today] = await f.exchange.sessionFor(user).positions();
    expect(today && positionPnl(today, 115)).toBe(325);
    // The premium paid stays blocked; no money moved at the rollover.
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 999_973.5, // yesterday's buy charges were booked
      available: 993_470.25,
      utilized: 6503.25,
      charges: 0,
    });
    // Selling today (at the bid, 114.95) realises against the original cost (cash), while the day's figure
    // counts from the close.
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell' }));
    const [closed] = await f.exchange.sessionFor(user).positions();
    expect(closed && positionPnl(closed, 115)).toBe(321.75);
    // 968.50 realised (114.95 - 100.05 a unit) less yesterday's buy charges (26.50) and today's sell charges (37.70).
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_904.3,
      available: 1_000_904.3,
      utilized: 0,
      charges: 37.7,
    });
  });

  it('carries a short at the previous close too', async () => {
    f.market.push('practice', { 'NIFTY 50': 26000 });
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell' }));
    f.market.push('practice', { [symbol]: 90 });
    f.clock.advance(DAY_MS);
    f.market.push('practice', { [symbol]: 80 }, { close: 90 });
    const [carried] = await f.exchange.sessionFor(user).positions();
    expect(carried).toMatchObject({ quantity: -65, sellQuantity: 65, sellValue: 5850, buyValue: 0 });
    expect(carried && positionPnl(carried, 80)).toBe(650);
  });

  it('takes the previous close, not the new price, when a tick of the new day comes first', async () => {
    await f.exchange.sessionFor(user).placeOrder(cmd());
    f.market.push('practice', { [symbol]: 110 });
    f.clock.advance(DAY_MS);
    await f.exchange.onQuotes(f.market.set('practice', { [symbol]: 115 }, { close: 110 }));
    const [carried] = await f.exchange.sessionFor(user).positions();
    expect(carried).toMatchObject({ quantity: 65, buyValue: 7150, averagePrice: 100.05 });
  });

  it("counts a carried MIS (the server was down at square-off) in today's Intraday MTM from the close only", async () => {
    await closedIntradayYesterday();
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday' }));
    f.market.push('practice', { [symbol]: 125 });
    expect(await intradayMtm(user)).toBe(1293.5 + 321.75);
    f.clock.advance(DAY_MS);
    f.market.push('practice', { [symbol]: 130 }, { close: 125 });
    expect(await f.exchange.sessionFor(user).positions()).toMatchObject([
      { product: 'intraday', quantity: 65, buyValue: 8125, averagePrice: 120.05 },
    ]);
    expect(await intradayMtm(user)).toBe(325);
    // Yesterday's realised 1,293.50 is money now; the open lot still holds what it cost.
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_001_201.11, // 1,293.50 less yesterday's charges: 26.50 + 38.83 + 27.06 (the open lot's buy at 120.05)
      available: 993_397.86,
      utilized: 7803.25,
      charges: 0,
    });
  });

  it('rolls over on the first read after a restart on a later day', async () => {
    await closedIntradayYesterday();
    await f.exchange.sessionFor(user).placeOrder(cmd());
    f.clock.advance(DAY_MS);
    await f.restart();
    expect(await f.exchange.sessionFor(user).positions()).toMatchObject([
      { product: 'normal', quantity: 65, buyValue: 7800 },
    ]);
    expect(await intradayMtm(user)).toBe(0);
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_001_201.11, // 1,293.50 less yesterday's charges: 26.50 + 38.83 + 27.06 (the open lot's buy at 120.05)
      available: 993_397.86,
      utilized: 7803.25,
      charges: 0,
    });
  });

  it('gives fresh capital on a funds reset after a rollover (booked money is cleared too)', async () => {
    await closedIntradayYesterday();
    f.clock.advance(DAY_MS);
    expect((await f.exchange.sessionFor(user).margin()).total).toBe(1_001_228.17);
    await f.exchange.resetFunds(user);
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
      charges: 0,
    });
    await f.restart();
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
      charges: 0,
    });
  });
});
