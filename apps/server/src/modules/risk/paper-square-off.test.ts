import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../test/helpers/test-store';
import { createPaperStack, type PaperStack } from './testing/paper-stack';
import { BASE_SETTINGS } from './testing/risk-harness';

// End to end below HTTP: the real order manager and paper exchange square off when protection fires.
describeEachStore('profit protection on the paper exchange', (store) => {
  let s: PaperStack;
  let userId: string;
  let ce: string;
  let pe: string;
  let fut: string;

  const prices = (values: Record<string, number>) => s.paper.market.push('practice', values);

  beforeEach(async () => {
    s = await createPaperStack({ store, kill: { settleTimeoutMs: 500, retryBackoffMs: 5 } });
    const { niftyCe, niftyPe, niftyFut } = s.paper.contracts;
    [ce, pe, fut] = [niftyCe.tradingsymbol, niftyPe.tradingsymbol, niftyFut.tradingsymbol];
    userId = await s.addUser();
    prices({ [ce]: 100, [pe]: 100, [fut]: 26000 });
    await s.place(userId, { internalToken: niftyCe.internalToken });
    await s.place(userId, { internalToken: niftyPe.internalToken, transactionType: 'sell' });
    await s.place(userId, { internalToken: niftyFut.internalToken, product: 'normal' });
    // A resting stop-loss below the market: it must be cancelled, not left to reopen the position.
    await s.place(userId, {
      internalToken: niftyCe.internalToken,
      transactionType: 'sell',
      orderType: 'stoploss',
      triggerPrice: 50,
    });
    await s.idle();
  });
  afterEach(() => s.close());

  const position = async (symbol: string) =>
    (await await s.paper.exchange.sessionFor(userId).positions()).find((p) => p.tradingSymbol === symbol)
      ?.quantity;

  it('cancels the open orders and flattens every intraday position when the max loss is hit', async () => {
    expect(await position(ce)).toBe(65);
    expect(await position(pe)).toBe(-65);
    expect((await s.orders.service.listOrders(userId)).openOrders).toHaveLength(1);
    await s.risk.service.update(userId, { ...BASE_SETTINGS, maxLoss: -1300, targetProfit: 100_000 });
    await s.idle();

    prices({ [fut]: 25000 }); // NRML loss of 65,000: not counted
    await s.idle();
    expect(s.notifications).toEqual([]);

    // Intraday -1,306.50: the call was bought at the ask (100.05), the put sold at the bid (99.95).
    prices({ [ce]: 90, [pe]: 110 });
    await s.idle();

    expect(await position(ce)).toBe(0);
    expect(await position(pe)).toBe(0);
    expect(await position(fut)).toBe(65);
    const orders = await s.orders.service.listOrders(userId);
    expect(orders.openOrders).toEqual([]);
    expect(orders.cancelledOrders.map((o) => o.orderType)).toEqual(['stoploss']);
    const status = await s.risk.service.get(userId);
    expect(status.profitProtectionEnabled).toBe(false);
    expect(status.lastTrigger).toMatchObject({ trigger: 'max_loss_hit', status: 'completed', mtm: -1306.5 });
    expect(s.notifications.map((n) => n.notification.status)).toEqual(['COMPLETE']);
  });

  it('squares off at the target with market protection, as limit orders at the protected price', async () => {
    await s.risk.service.update(userId, {
      ...BASE_SETTINGS,
      targetProfit: 640,
      maxLoss: -5000,
      marketProtection: 0.05,
    });
    await s.idle();
    prices({ [ce]: 110 }); // +643.50: the call +646.75 from its fill at 100.05, the put sold at 99.95 -3.25
    await s.idle();
    const exits = (await s.orders.service.listOrders(userId)).executedOrders.filter(
      (o) => o.orderType === 'limit',
    );
    expect(exits.map((o) => [o.tradingSymbol, o.transactionType, o.price])).toEqual(
      expect.arrayContaining([
        [ce, 'sell', 104.5],
        [pe, 'buy', 105],
      ]),
    );
    expect(await position(ce)).toBe(0);
    expect(await position(pe)).toBe(0);
  });
});
