import { toPaise } from '@xtrader/core/orders/price-rules';
import fc from 'fast-check';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createNiftyCeDesk,
  type OrderCommandBuilder,
  type PaperFixture,
} from '../../../../test/helpers/paper';
import { describeEachStore } from '../../../../test/helpers/test-store';
import type { BrokerMargin, PlaceOrderCommand } from '../broker';
import { applyFill, emptyPosition } from './positions';

const consistent = (m: BrokerMargin) => toPaise(m.available) + toPaise(m.utilized) === toPaise(m.total);

describeEachStore('paper exchange funds', (kind) => {
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

  it('starts with the configured capital, all available', async () => {
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
    });
  });

  it('blocks a resting buy limit premium and releases it on cancel', async () => {
    const ack = await f.exchange.sessionFor(user).placeOrder(cmd({ orderType: 'limit', price: 90 }));
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 994_150,
      utilized: 5850,
    });
    if (!ack.ok) throw new Error('placement failed');
    await f.exchange.sessionFor(user).cancelOrder(ack.brokerOrderId);
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
    });
  });

  it('holds the premium of a long and credits realised P&L when it is closed', async () => {
    await f.exchange.sessionFor(user).placeOrder(cmd());
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 993_500,
      utilized: 6500,
    });
    // A protective stop against the long needs no margin of its own.
    await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 80 }));
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(6500);
    f.market.push('practice', { [symbol]: 120.5 });
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell', orderType: 'limit', price: 120.5 }));
    // The stop now opens a short if it fills; it was placed as closing, so it keeps its (zero) block.
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_001_332.5,
      available: 1_001_332.5,
      utilized: 0,
    });
    const [position] = await f.exchange.sessionFor(user).positions();
    expect(position).toMatchObject({
      quantity: 0,
      buyValue: 6500,
      sellValue: 7832.5,
      lastTradedPrice: 120.5,
    });
  });

  it("blocks nothing for a bracket's target and stop: utilised stays the entry's premium", async () => {
    await f.exchange.sessionFor(user).placeOrder(cmd());
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(6500);
    await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 80 }));
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell', orderType: 'limit', price: 120 }));
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 993_500,
      utilized: 6500,
    });
  });

  it('checks an exit again when it fills after another exit closed the position, and opens nothing unfunded', async () => {
    const poor = await f.addUser();
    await f.exchange.sessionFor(poor).placeOrder(cmd());
    const stop = await f.exchange
      .sessionFor(poor)
      .placeOrder(cmd({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 80 }));
    await f.exchange.sessionFor(poor).placeOrder(cmd({ side: 'sell', orderType: 'limit', price: 100 }));
    expect(await f.exchange.sessionFor(poor).positions()).toMatchObject([{ quantity: 0 }]);
    // 8.84 lakh of premium in another contract leaves too little for a naked short of 65 (about 2 lakh).
    const pe = f.contracts.niftyPe;
    f.market.push('practice', { [pe.tradingsymbol]: 800 });
    const bigLong = { tradingSymbol: pe.tradingsymbol, internalToken: pe.internalToken, quantity: 65 * 17 };
    expect((await f.exchange.sessionFor(poor).placeOrder(cmd(bigLong))).ok).toBe(true);
    expect((await f.exchange.sessionFor(poor).margin()).available).toBe(116_000);
    const updates = f.record(poor);
    f.market.push('practice', { [symbol]: 79 });
    await f.exchange.idle();
    if (!stop.ok) throw new Error('stop refused');
    expect(updates.filter((u) => u.brokerOrderId === stop.brokerOrderId).map((u) => u.event.type)).toEqual([
      'triggered',
      'rejected',
    ]);
    expect((await f.exchange.sessionFor(poor).positions()).map((p) => [p.tradingSymbol, p.quantity])).toEqual(
      [
        [symbol, 0],
        [pe.tradingsymbol, 65 * 17],
      ],
    );
  });

  it('blocks the short-option estimate for a sale and the futures rate for a future', async () => {
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell' }));
    // (100 premium + 12% of 26000) x 65
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(209_300);
    const fut = f.contracts.niftyFut;
    f.market.set('practice', { [fut.tradingsymbol]: 26_100 });
    await f.exchange.sessionFor(user).placeOrder(
      cmd({
        tradingSymbol: fut.tradingsymbol,
        internalToken: fut.internalToken,
        orderType: 'limit',
        price: 26_000,
      }),
    );
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(209_300 + 202_800);
  });

  it('keeps funds consistent and positions equal to the sum of fills over random trading (property)', async () => {
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('place' as const),
        side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        lots: fc.integer({ min: 1, max: 6 }),
        type: fc.constantFrom('market', 'limit', 'stoploss_market') as fc.Arbitrary<
          PlaceOrderCommand['orderType']
        >,
        offset: fc.integer({ min: -40, max: 40 }),
        product: fc.constantFrom<'normal' | 'intraday'>('normal', 'intraday'),
      }),
      fc.record({ kind: fc.constant('tick' as const), price: fc.integer({ min: 1, max: 4000 }) }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 25 }), async (actions) => {
        const trader = await f.addUser();
        f.market.set('practice', { [symbol]: 100 });
        const ids: string[] = [];
        for (const a of actions) {
          if (a.kind === 'tick') f.market.push('practice', { [symbol]: a.price * 0.05 });
          else if (a.kind === 'cancel' && ids.length > 0)
            await f.exchange.sessionFor(trader).cancelOrder(ids[a.pick % ids.length]!);
          else if (a.kind === 'place') {
            const ltp = f.market.getQuote(symbol, 'practice')!.lastPrice;
            const level = Math.max(0.05, Math.round((ltp + a.offset) * 20) / 20);
            const stopSide =
              a.side === 'buy' ? Math.max(ltp + 1, level) : Math.max(0.05, Math.min(ltp - 1, level));
            const ack = await f.exchange.sessionFor(trader).placeOrder(
              cmd({
                side: a.side,
                quantity: a.lots * 65,
                orderType: a.type,
                product: a.product,
                ...(a.type === 'limit' ? { price: level } : {}),
                ...(a.type === 'stoploss_market' ? { triggerPrice: Math.round(stopSide * 20) / 20 } : {}),
              }),
            );
            if (ack.ok) ids.push(ack.brokerOrderId);
          }
          expect(consistent(await f.exchange.sessionFor(trader).margin())).toBe(true);
        }
        await f.exchange.idle();
        const trades = await f.store.db
          .selectFrom('paperTrades')
          .selectAll()
          .where('userId', '=', trader)
          .orderBy('seq')
          .execute();
        const orders = await f.exchange.sessionFor(trader).listOrders();
        for (const product of ['normal', 'intraday'] as const) {
          const folded = trades
            .filter((t) => t.product === product)
            .reduce(
              (p, t) => applyFill(p, { side: t.side, quantity: t.quantity, pricePaise: t.pricePaise }, t.ts),
              emptyPosition(
                { userId: trader, tradingSymbol: symbol, internalToken: '', exchange: 'NFO', product },
                0,
              ),
            );
          const live = (await f.exchange.sessionFor(trader).positions()).find((p) => p.product === product);
          const stored = await f.store.db
            .selectFrom('paperPositions')
            .selectAll()
            .where('userId', '=', trader)
            .where('product', '=', product)
            .executeTakeFirst();
          expect(live?.quantity ?? 0).toBe(folded.netQuantity);
          expect(toPaise(live?.buyValue ?? 0)).toBe(folded.buyValuePaise);
          expect(stored?.realisedPaise ?? 0).toBe(folded.realisedPaise);
          expect(stored?.netQuantity ?? 0).toBe(folded.netQuantity);
        }
        const filled = orders
          .filter((o) => o.status === 'complete')
          .reduce((n, o) => n + o.filledQuantity, 0);
        expect(trades.reduce((n, t) => n + t.quantity, 0)).toBe(filled);
      }),
      { numRuns: 15 },
    );
  });
});
