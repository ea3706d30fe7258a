import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createNiftyCeDesk,
  createPaperFixture,
  type OrderCommandBuilder,
  type PaperFixture,
} from '../../../../test/helpers/paper';
import { describeEachStore } from '../../../../test/helpers/test-store';
import { intradayClosedMessage } from './commands';
import { FUNDS_RESET_REASON } from './exchange';
import { SQUARE_OFF_REASON } from './intraday-square-off';

describeEachStore('paper exchange lifecycle', (kind) => {
  let f: PaperFixture;
  let user: string;
  let symbol: string;
  let cmd: OrderCommandBuilder;
  const tick = async (price: number) => {
    f.clock.advance(1000);
    f.market.push('practice', { [symbol]: price });
    await f.exchange.idle();
  };
  beforeEach(async () => {
    ({ f, user, symbol, cmd } = await createNiftyCeDesk(kind));
  });
  afterEach(async () => {
    await f.close();
  });

  it('reloads resting orders, positions, funds and trailing state after a restart', async () => {
    await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ orderType: 'limit', price: 90, clientOrderId: 'limit' }));
    await f.exchange.sessionFor(user).placeOrder(cmd());
    const trailing = { changeInPrice: 5, changeInSL: 1 };
    await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 80, trailing }));
    await tick(106);
    const before = {
      orders: await f.exchange.sessionFor(user).listOrders(),
      positions: await f.exchange.sessionFor(user).positions(),
      margin: await f.exchange.sessionFor(user).margin(),
    };
    expect(before.orders.find((o) => o.orderType === 'stoploss_market')?.triggerPrice).toBe(81);

    const exchange = await f.restart();
    expect(exchange.restingOrderCount).toBe(2);
    expect(await exchange.sessionFor(user).listOrders()).toEqual(before.orders);
    expect(await exchange.sessionFor(user).positions()).toEqual(before.positions);
    expect(await exchange.sessionFor(user).margin()).toEqual(before.margin);
    expect(f.market.retainedSymbols()).toContain(symbol);

    const updates = f.record(user);
    await tick(111); // reference 105 survived the restart: one more step
    await tick(89.5); // the limit fills at 90
    await tick(81.5);
    expect(updates.map((u) => [u.clientOrderId, u.event.type])).toEqual([
      ['c', 'modified'],
      ['limit', 'fill'],
      ['c', 'triggered'],
      ['c', 'fill'],
    ]);
    expect(updates[0]?.event).toEqual({ type: 'modified', triggerPrice: 82 });
    expect(exchange.restingOrderCount).toBe(0);
    expect((await exchange.sessionFor(user).positions())[0]?.quantity).toBe(65);
    // Fill sequence numbers carry on after the restart.
    const seqs = (await f.store.db.selectFrom('paperTrades').select('seq').orderBy('ts').execute()).map(
      (t) => t.seq,
    );
    expect(seqs).toEqual([1, 2, 3]);
  });

  it('resets funds, clears orders and positions, and reports resting orders cancelled', async () => {
    await f.exchange.sessionFor(user).placeOrder(cmd());
    const resting = await f.exchange.sessionFor(user).placeOrder(cmd({ orderType: 'limit', price: 50 }));
    await tick(150);
    // The long's buy charges (Rs 26.50) are out of the funds until the reset.
    expect((await f.exchange.sessionFor(user).margin()).total).toBe(999_973.5);
    const updates = f.record(user);
    await f.exchange.resetFunds(user);
    await f.exchange.idle();
    expect(updates.map((u) => u.event)).toEqual([{ type: 'cancelled', reason: FUNDS_RESET_REASON }]);
    expect(updates[0]?.brokerOrderId).toBe(resting.ok ? resting.brokerOrderId : '');
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
      charges: 0,
    });
    expect(await f.exchange.sessionFor(user).positions()).toEqual([]);
    expect(await f.exchange.sessionFor(user).listOrders()).toEqual([]);
    const exchange = await f.restart();
    expect(await exchange.sessionFor(user).positions()).toEqual([]);
    expect(exchange.restingOrderCount).toBe(0);
  });

  it('keeps each user to their own orders, positions, funds and updates', async () => {
    const other = await f.addUser();
    const mine = f.record(user);
    const theirs = f.record(other);
    await f.exchange.sessionFor(other).placeOrder(cmd({ quantity: 130 }));
    await f.exchange.sessionFor(other).placeOrder(cmd({ orderType: 'limit', price: 10 }));
    await f.exchange.idle();
    expect(mine).toEqual([]);
    expect(theirs.every((u) => u.userId === other)).toBe(true);
    expect(await f.exchange.sessionFor(user).listOrders()).toEqual([]);
    expect(await f.exchange.sessionFor(user).positions()).toEqual([]);
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
      charges: 0,
    });
    expect((await f.exchange.sessionFor(other).positions())[0]?.quantity).toBe(130);
    await f.exchange.resetFunds(user);
    expect((await f.exchange.sessionFor(other).positions())[0]?.quantity).toBe(130);
    expect(await f.exchange.sessionFor(other).listOrders()).toHaveLength(2);
  });

  it('squares off MIS positions and cancels open MIS orders at 15:20 IST, once a day', async () => {
    const pe = f.contracts.niftyPe;
    f.market.set('practice', { [pe.tradingsymbol]: 80 });
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday', quantity: 130 }));
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'normal' }));
    await f.exchange.sessionFor(user).placeOrder(
      cmd({
        tradingSymbol: pe.tradingsymbol,
        internalToken: pe.internalToken,
        product: 'intraday',
        side: 'sell',
      }),
    );
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday', orderType: 'limit', price: 50 }));
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'normal', orderType: 'limit', price: 50 }));
    await f.exchange.idle();
    const updates = f.record(user);

    f.clock.set(istEpochMs('2026-11-23', 15, 19));
    await f.exchange.checkSquareOff();
    await f.exchange.idle();
    expect(updates).toEqual([]);

    f.clock.set(istEpochMs('2026-11-23', 15, 20));
    f.market.set('practice', { [symbol]: 104, [pe.tradingsymbol]: 76 });
    await f.exchange.checkSquareOff();
    await f.exchange.idle();
    const events = updates.map((u) => u.event);
    expect(events).toContainEqual({ type: 'cancelled', reason: SQUARE_OFF_REASON });
    expect(updates.filter((u) => u.event.type === 'fill').every((u) => u.clientOrderId === undefined)).toBe(
      true,
    );
    const byKey = Object.fromEntries(
      (await f.exchange.sessionFor(user).positions()).map((p) => [`${p.tradingSymbol}|${p.product}`, p]),
    );
    // Closed at market: the long sold at the bid, the short bought back at the ask (one tick off, no depth).
    expect(byKey[`${symbol}|intraday`]).toMatchObject({ quantity: 0, sellValue: 130 * 103.95 });
    expect(byKey[`${pe.tradingsymbol}|intraday`]).toMatchObject({ quantity: 0, buyValue: 65 * 76.05 });
    expect(byKey[`${symbol}|normal`]?.quantity).toBe(65);
    expect(f.exchange.restingOrderCount).toBe(1);

    const count = updates.length;
    f.clock.advance(60_000);
    await f.exchange.checkSquareOff();
    await f.exchange.idle();
    expect(updates).toHaveLength(count);

    const late = await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday' }));
    expect(late).toEqual({
      ok: false,
      code: 'rejected',
      reason: intradayClosedMessage({ hour: 15, minute: 20 }),
    });
  });

  it('leaves MIS positions alone when the market does not follow exchange hours', async () => {
    await f.close();
    f = await createPaperFixture(kind, { followsMarketHours: false });
    user = await f.addUser();
    f.market.set('practice', { [symbol]: 100 });
    await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday' }));
    f.clock.set(istEpochMs('2026-11-23', 15, 25));
    await f.exchange.checkSquareOff();
    expect((await f.exchange.sessionFor(user).positions())[0]?.quantity).toBe(65);
    expect((await f.exchange.sessionFor(user).placeOrder(cmd({ product: 'intraday' }))).ok).toBe(true);
  });
});
