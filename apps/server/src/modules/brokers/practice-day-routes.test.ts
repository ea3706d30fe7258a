import { daySummariesResponseSchema, orderChargesResponseSchema } from '@xtrader/core/api/practice';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createPaperApp, type PaperApp } from '../../../test/helpers/paper-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import { openSandboxStore } from '../replay/paper-sandbox';
import { paperSettings } from './index';
import { PaperExchange } from './paper/exchange';

describeEachStore('Practice Mode day summaries and charges', (kind) => {
  let t: PaperApp;
  beforeEach(async () => {
    t = await createPaperApp(kind, { XT_DEV_TOOLS: '1' });
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', path: string, headers?: Record<string, string>) =>
    t.app.inject({ method, url: `/v1/options-x${path}`, ...(headers ? { headers } : {}) });

  it('lists the charges of executed orders and the day summary after the square-off, for the caller only', async () => {
    const u = await t.user();
    const other = await t.user();
    await call('POST', '/broker/papertrading/start', u.headers);
    const ce = t.contracts.niftyCe;
    t.market.set('practice', { [ce.tradingsymbol]: 100 });
    const session = await t.brokers.registry.sessionFor(u.id);
    const order = {
      tradingSymbol: ce.tradingsymbol,
      internalToken: ce.internalToken,
      exchange: 'NFO' as const,
    };
    await session?.placeOrder({
      ...order,
      clientOrderId: 'ours-1',
      side: 'buy',
      quantity: 65,
      product: 'intraday',
      orderType: 'market',
    });
    t.market.set('practice', { [ce.tradingsymbol]: 99.5 });
    expect((await call('GET', '/broker/papertrade/day-summaries', u.headers)).json().data).toEqual({
      days: [],
    });

    const squared = await call('POST', '/dev/paper/square-off', u.headers);
    expect(squared.statusCode).toBe(200);
    const charges = orderChargesResponseSchema.parse(
      (await call('GET', '/broker/papertrade/charges', u.headers)).json().data,
    );
    expect(charges.orders.map((o) => [o.orderId, o.total])).toEqual([
      ['ours-1', 26.5],
      [null, 36.28], // the square-off's own sell, at the bid 99.45 (6,464.25: STT 9.70 paid as Rs 10)
    ]);
    const days = daySummariesResponseSchema.parse(
      (await call('GET', '/broker/papertrade/day-summaries', u.headers)).json().data,
    );
    expect(days.days).toEqual([
      {
        day: '2026-11-23',
        trades: 2,
        gross: -39, // bought at the ask 100.05, squared off at the bid 99.45
        charges: 62.78,
        net: -101.78,
        wins: 0,
        losses: 1,
        winRate: 0,
        largestLoss: -101.78,
      },
    ]);
    expect((await call('GET', '/broker/papertrade/day-summaries', other.headers)).json().data).toEqual({
      days: [],
    });
    expect((await call('GET', '/broker/papertrade/charges', other.headers)).json().data).toEqual({
      orders: [],
    });
    expect((await call('GET', '/broker/papertrade/day-summaries')).statusCode).toBe(401);
  });

  it("answers the charges of the paper exchange the user trades on: a session replay's own account while it runs", async () => {
    const u = await t.user();
    await call('POST', '/broker/papertrading/start', u.headers);
    const ce = t.contracts.niftyCe;
    t.market.set('practice', { [ce.tradingsymbol]: 100 });
    const buy = {
      tradingSymbol: ce.tradingsymbol,
      internalToken: ce.internalToken,
      exchange: 'NFO' as const,
      side: 'buy' as const,
      quantity: 65,
      product: 'intraday' as const,
      orderType: 'market' as const,
    };
    await (await t.brokers.registry.sessionFor(u.id))?.placeOrder({ ...buy, clientOrderId: 'practice-1' });

    // A replay's account (modules/replay): its own store, the same prices here.
    const sandbox = await openSandboxStore();
    const replay = new PaperExchange({
      db: sandbox.db,
      clock: t.resources.clock,
      logger: t.resources.logger,
      marketData: t.market,
      instruments: t.instruments,
      settings: paperSettings(t.resources.config),
    });
    try {
      await replay.start();
      await replay.ensureAccount(u.id);
      t.brokers.usePracticeExchangeOf((userId) => (userId === u.id ? replay : undefined));
      await (await t.brokers.registry.sessionFor(u.id))?.placeOrder({
        ...buy,
        clientOrderId: 'replay-1',
        quantity: 130,
      });
      await replay.idle();
      const charges = orderChargesResponseSchema.parse(
        (await call('GET', '/broker/papertrade/charges', u.headers)).json().data,
      );
      // Bought 130 at the ask 100.05: brokerage 20, exchange 4.56, SEBI 0.01, stamp 0.39, GST 4.42.
      expect(charges.orders.map((o) => [o.orderId, o.total])).toEqual([['replay-1', 29.38]]);

      t.brokers.usePracticeExchangeOf(() => undefined);
      const practice = orderChargesResponseSchema.parse(
        (await call('GET', '/broker/papertrade/charges', u.headers)).json().data,
      );
      expect(practice.orders.map((o) => o.orderId)).toEqual(['practice-1']);
    } finally {
      await replay.close();
      await sandbox.close();
    }
  });

  it('serves the square-off tool only with XT_DEV_TOOLS', async () => {
    const plain = await createPaperApp(kind);
    try {
      const u = await plain.user();
      const response = await plain.app.inject({
        method: 'POST',
        url: '/v1/options-x/dev/paper/square-off',
        headers: u.headers,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
