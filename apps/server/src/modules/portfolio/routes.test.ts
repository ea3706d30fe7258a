import { positionsResponseSchema } from '@xtrader/core/api/portfolio';
import { deltaRelativeToNifty } from '@xtrader/core/pnl/pnl';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createPaperApp, type PaperApp } from '../../../test/helpers/paper-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import type { PlaceOrderCommand } from '../brokers/broker';
import { PORTFOLIO_MESSAGES } from './service';

describeEachStore('portfolio positions and margin', (kind) => {
  let t: PaperApp;
  beforeEach(async () => {
    t = await createPaperApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (path: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/v1/options-x/portfolio/${path}`, headers });

  const practiceUser = async () => {
    const u = await t.user();
    await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/broker/papertrading/start',
      headers: u.headers,
    });
    return u;
  };

  const buy = async (
    userId: string,
    contract: { tradingsymbol: string; internalToken: string },
    quantity: number,
    extra: Partial<PlaceOrderCommand> = {},
  ) => {
    const session = await t.brokers.registry.sessionFor(userId);
    const ack = await session?.placeOrder({
      clientOrderId: 'c',
      tradingSymbol: contract.tradingsymbol,
      internalToken: contract.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity,
      product: 'normal',
      orderType: 'market',
      ...extra,
    });
    expect(ack?.ok).toBe(true);
  };

  it('answers an empty list with a reason, and refuses funds, when no broker is active', async () => {
    const u = await t.user();
    const positions = await get('positions', u.headers);
    expect(positions.statusCode).toBe(200);
    expect(positions.json()).toEqual({
      success: true,
      message: PORTFOLIO_MESSAGES.noActiveBroker,
      data: { positions: { netPosition: [], byIndex: {} } },
    });
    const margin = await get('margin', u.headers);
    expect(margin.statusCode).toBe(400);
    expect(margin.json()).toEqual({ success: false, message: PORTFOLIO_MESSAGES.noActiveBroker });
    expect((await get('margin', {})).statusCode).toBe(401);
  });

  it('lists paper positions at Practice Mode prices with delta and NIFTY-relative delta, grouped by index', async () => {
    const u = await practiceUser();
    const { niftyCe, bankCe } = t.contracts;
    t.market.set('practice', { [niftyCe.tradingsymbol]: 100 }, { delta: 0.5 });
    t.market.set('practice', { [bankCe.tradingsymbol]: 300 }, { delta: 0.6 });
    t.market.set('practice', { 'NIFTY 50': 26000, 'NIFTY BANK': 59000 });
    await buy(u.id, niftyCe, 130);
    await buy(u.id, bankCe, 30, { product: 'intraday' });
    t.market.set('practice', { [niftyCe.tradingsymbol]: 104.5 }, { delta: 0.55 });
    t.market.set('live', { [niftyCe.tradingsymbol]: 999 });

    const response = await get('positions', u.headers);
    expect(response.statusCode).toBe(200);
    const data = positionsResponseSchema.parse(response.json().data);
    const nifty = data.positions.netPosition.find((p) => p.index === 'NIFTY');
    expect(nifty).toEqual({
      internalToken: niftyCe.internalToken,
      tradingSymbol: niftyCe.tradingsymbol,
      exchange: 'NFO',
      index: 'NIFTY',
      identifier: niftyCe.identifier,
      product: 'NRML',
      productType: 'normal',
      quantity: 130,
      buyQuantity: 130,
      sellQuantity: 0,
      // Bought at the ask, one tick above the last price of 100 (the quote has no depth).
      buyValue: 13006.5,
      sellValue: 0,
      price: 100.05,
      lastTradedPrice: 104.5,
      delta: 0.55,
      relativeDelta: 0.55,
      charges: 29.38, // the buy of 13,006.50 premium (at the ask): brokerage 20 + exchange 4.56 + SEBI 0.01 + stamp 0.39 + GST 4.42
    });
    const bank = data.positions.netPosition.find((p) => p.index === 'BANKNIFTY');
    expect(bank).toMatchObject({ product: 'MIS', quantity: 30, delta: 0.6, lastTradedPrice: 300 });
    expect(bank?.relativeDelta).toBeCloseTo(deltaRelativeToNifty(0.6, 59000, 26000), 10);
    expect(Object.keys(data.positions.byIndex).sort()).toEqual(['BANKNIFTY', 'NIFTY']);
    expect(data.positions.byIndex.NIFTY?.[`${niftyCe.tradingsymbol}|normal`]).toEqual(nifty);
  });

  it('reports the funds of the caller only', async () => {
    const u = await practiceUser();
    const other = await practiceUser();
    t.market.set('practice', { [t.contracts.niftyCe.tradingsymbol]: 100 });
    await buy(u.id, t.contracts.niftyCe, 65);
    const mine = await get('margin', u.headers);
    expect(mine.json()).toEqual({
      success: true,
      message: PORTFOLIO_MESSAGES.margin,
      // Bought 65 at the ask (100.05); the buy's charges (Rs 26.50) are out of the funds and reported beside them.
      data: { total: 999_973.5, available: 993_470.25, utilized: 6503.25, charges: 26.5 },
    });
    expect((await get('margin', other.headers)).json().data).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
      charges: 0,
    });
    expect((await get('positions', other.headers)).json().data.positions.netPosition).toEqual([]);
  });
});
