import { ORDER_MESSAGES } from '@xtrader/core/orders/constants';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createNiftyCeDesk,
  type OrderCommandBuilder,
  type PaperFixture,
} from '../../../../test/helpers/paper';
import { describeEachStore } from '../../../../test/helpers/test-store';
import type { PlaceOrderCommand } from '../broker';
import { PAPER_MESSAGES } from './validation';

describeEachStore('paper exchange rejections', (kind) => {
  let f: PaperFixture;
  let user: string;
  let cmd: OrderCommandBuilder;
  beforeEach(async () => {
    ({ f, user, cmd } = await createNiftyCeDesk(kind, 'c-1'));
  });
  afterEach(async () => {
    await f.close();
  });

  it.each([
    {
      name: 'an unknown instrument',
      overrides: { tradingSymbol: 'NIFTY26N2499999CE', internalToken: 'nope' },
      reason: 'Instrument not found: NIFTY26N2499999CE. Check the trading symbol.',
    },
    {
      name: 'a quantity that is not a lot multiple',
      overrides: { quantity: 100 },
      reason: PAPER_MESSAGES.notLotMultiple(100, 65),
    },
    { name: 'a quantity of 0', overrides: { quantity: 0 }, reason: ORDER_MESSAGES.quantityNotPositive },
    {
      name: 'a quantity above the freeze limit',
      overrides: { quantity: 1820 },
      reason:
        'The order quantity 1820 (28 lots) is higher than the maximum quantity of 1755 (27 lots) allowed by the exchanges. Please use iceberg orders or split the order.',
    },
    {
      name: 'a price off the tick grid',
      overrides: { orderType: 'limit', price: 100.03 },
      reason: 'Price 100.03 is not a multiple of the tick size 0.05.',
    },
    {
      name: 'a price below 0.05',
      overrides: { orderType: 'limit', price: 0.01 },
      reason: ORDER_MESSAGES.invalidPrice,
    },
    {
      name: 'a limit order without a price',
      overrides: { orderType: 'limit' },
      reason: PAPER_MESSAGES.priceRequired,
    },
    {
      name: 'a stop-loss order without a trigger',
      overrides: { orderType: 'stoploss_market' },
      reason: PAPER_MESSAGES.triggerRequired,
    },
    {
      name: 'a trigger off the grid',
      overrides: { orderType: 'stoploss_market', triggerPrice: 90.01 },
      reason: 'Trigger price 90.01 is not a multiple of the tick size 0.05.',
    },
    {
      name: 'a buy stop-limit whose trigger is above its price',
      overrides: { orderType: 'stoploss', triggerPrice: 110, price: 109 },
      reason: PAPER_MESSAGES.buyTriggerAbovePrice,
    },
    {
      name: 'trailing on a limit order',
      overrides: { orderType: 'limit', price: 90, trailing: { changeInPrice: 5, changeInSL: 1 } },
      reason: PAPER_MESSAGES.trailingNotStopLoss,
    },
  ] as const)('refuses $name in the acknowledgement', async ({ overrides, reason }) => {
    const ack = await f.exchange.sessionFor(user).placeOrder(cmd(overrides as Partial<PlaceOrderCommand>));
    expect(ack).toEqual({ ok: false, code: 'rejected', reason });
    expect(await f.exchange.sessionFor(user).listOrders()).toEqual([]);
  });

  it('refuses an expired contract and an index', async () => {
    const expired = f.contracts.expiredCe;
    const ack = await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ tradingSymbol: expired.tradingsymbol, internalToken: expired.internalToken }));
    expect(ack).toEqual({
      ok: false,
      code: 'rejected',
      reason: PAPER_MESSAGES.expired(expired.tradingsymbol),
    });
    f.instruments.add({
      ...f.contracts.niftyCe,
      internalToken: 'idx',
      tradingsymbol: 'NIFTY 50',
      instrument_type: 'INDEX',
      expiry: null,
    });
    const index = await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ tradingSymbol: 'NIFTY 50', internalToken: 'idx' }));
    expect(index).toMatchObject({ ok: false, reason: PAPER_MESSAGES.notTradable('NIFTY 50') });
  });

  it('accepts, then rejects with Kite RMS wording, a buy whose premium exceeds the funds', async () => {
    const updates = f.record(user);
    const ack = await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ quantity: 1755, orderType: 'limit', price: 600 }));
    expect(ack.ok).toBe(true);
    await f.exchange.idle();
    const reason =
      'Insufficient funds. Required margin is 1053000.00 but available margin is 1000000.00. Check the orderbook for open orders.';
    expect(updates.map((u) => u.event)).toEqual([{ type: 'rejected', reason }]);
    const [order] = await f.exchange.sessionFor(user).listOrders();
    expect(order).toMatchObject({ status: 'rejected', rejectedReason: reason, filledQuantity: 0 });
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
      charges: 0,
    });
  });

  it('rejects a short option when the estimated margin exceeds the funds', async () => {
    const updates = f.record(user);
    // SPAN (the 9.3% scan of 26,000 less what the call keeps, plus its premium) and 2% exposure: 1,90,970 a lot,
    // so 6 lots need 11,45,820.
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell', quantity: 390 }));
    await f.exchange.idle();
    expect(updates.map((u) => u.event.type)).toEqual(['rejected']);
    expect(updates[0]?.event).toMatchObject({
      reason: expect.stringContaining('Required margin is 1145820.00'),
    });
  });

  it('rejects a market order at its first price when the funds cannot carry it then', async () => {
    const pe = f.contracts.niftyPe;
    const updates = f.record(user);
    await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ tradingSymbol: pe.tradingsymbol, internalToken: pe.internalToken, quantity: 1755 }));
    f.market.push('practice', { [pe.tradingsymbol]: 700 });
    await f.exchange.idle();
    expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'rejected']);
  });

  it('answers not found for unknown and other users orders, and refuses to touch final ones', async () => {
    const other = await f.addUser();
    const resting = await f.exchange.sessionFor(user).placeOrder(cmd({ orderType: 'limit', price: 50 }));
    const filled = await f.exchange.sessionFor(user).placeOrder(cmd());
    if (!resting.ok || !filled.ok) throw new Error('placement failed');
    const notFound = { ok: false, code: 'not_found', reason: 'Order not found.' };
    expect(await f.exchange.sessionFor(other).cancelOrder(resting.brokerOrderId)).toEqual(notFound);
    expect(await f.exchange.sessionFor(other).modifyOrder(resting.brokerOrderId, { price: 55 })).toEqual(
      notFound,
    );
    expect(await f.exchange.sessionFor(user).cancelOrder('PT-missing')).toEqual(notFound);
    expect(await f.exchange.sessionFor(user).cancelOrder(filled.brokerOrderId)).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'Order cannot be cancelled as it is already completed.',
    });
    expect(await f.exchange.sessionFor(user).cancelOrder(resting.brokerOrderId)).toEqual(resting);
    expect(await f.exchange.sessionFor(user).modifyOrder(resting.brokerOrderId, { price: 55 })).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'Order cannot be modified as it is already cancelled.',
    });
  });

  it('refuses a modification the funds cannot carry or the rules forbid, keeping the order as it was', async () => {
    const ack = await f.exchange.sessionFor(user).placeOrder(cmd({ orderType: 'limit', price: 50 }));
    if (!ack.ok) throw new Error('placement failed');
    const tooBig = await f.exchange
      .sessionFor(user)
      .modifyOrder(ack.brokerOrderId, { quantity: 1755, price: 600 });
    expect(tooBig).toMatchObject({ ok: false, reason: expect.stringMatching(/^Insufficient funds/) });
    expect(await f.exchange.sessionFor(user).modifyOrder(ack.brokerOrderId, { price: 50.02 })).toMatchObject({
      ok: false,
    });
    const [order] = await f.exchange.sessionFor(user).listOrders();
    expect(order).toMatchObject({ status: 'open', price: 50, quantity: 65 });
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(3250);
  });
});
