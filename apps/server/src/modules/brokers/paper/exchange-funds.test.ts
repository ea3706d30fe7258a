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
      charges: 0,
    });
  });

  it('blocks a resting buy limit premium and releases it on cancel', async () => {
    const ack = await f.exchange.sessionFor(user).placeOrder(cmd({ orderType: 'limit', price: 90 }));
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 994_150,
      utilized: 5850,
      charges: 0,
    });
    if (!ack.ok) throw new Error('placement failed');
    await f.exchange.sessionFor(user).cancelOrder(ack.brokerOrderId);
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_000_000,
      available: 1_000_000,
      utilized: 0,
      charges: 0,
    });
  });

  it('holds the premium of a long and credits realised P&L less charges when it is closed', async () => {
    // Bought at the ask: the quote has no depth, so one tick above the last price of 100.
    await f.exchange.sessionFor(user).placeOrder(cmd());
    // The buy's charges (Rs 26.50: brokerage 20, exchange 2.28, SEBI 0.01, stamp 0.20, GST 4.01) leave at once.
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 999_973.5,
      available: 993_470.25,
      utilized: 6503.25,
      charges: 26.5,
    });
    // A protective stop against the long needs no margin of its own.
    await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 80 }));
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(6503.25);
    f.market.push('practice', { [symbol]: 120.5 });
    // A sell limit at 120 takes the bid, 120.45, the better price.
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell', orderType: 'limit', price: 120 }));
    // The stop now opens a short if it fills; it was placed as closing, so it keeps its (zero) block.
    // 1,326 realised (120.45 - 100.05 a unit) less Rs 26.50 (buy) and Rs 38.85 (sell: STT 0.15% of 7,829.25 is 11.74,
    // paid as Rs 12).
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 1_001_260.65,
      available: 1_001_260.65,
      utilized: 0,
      charges: 65.35,
    });
    const [position] = await f.exchange.sessionFor(user).positions();
    expect(position).toMatchObject({
      quantity: 0,
      buyValue: 6503.25,
      sellValue: 7829.25,
      lastTradedPrice: 120.5,
    });
  });

  it("blocks nothing for a bracket's target and stop: utilised stays the entry's premium", async () => {
    await f.exchange.sessionFor(user).placeOrder(cmd());
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(6503.25);
    await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 80 }));
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell', orderType: 'limit', price: 120 }));
    expect(await f.exchange.sessionFor(user).margin()).toEqual({
      total: 999_973.5,
      available: 993_470.25,
      utilized: 6503.25,
      charges: 26.5,
    });
  });

  it('checks an exit again when it fills after another exit closed the position, and opens nothing unfunded', async () => {
    const poor = await f.addUser();
    await f.exchange.sessionFor(poor).placeOrder(cmd());
    const stop = await f.exchange
      .sessionFor(poor)
      .placeOrder(cmd({ side: 'sell', orderType: 'stoploss_market', triggerPrice: 80 }));
    // Out at the bid, 99.95: the round trip cost the spread (6.50).
    await f.exchange.sessionFor(poor).placeOrder(cmd({ side: 'sell', orderType: 'limit', price: 99.95 }));
    expect(await f.exchange.sessionFor(poor).positions()).toMatchObject([{ quantity: 0 }]);
    // 8.84 lakh of premium in another contract leaves too little for a naked short of 65 (about 2 lakh).
    const pe = f.contracts.niftyPe;
    f.market.push('practice', { [pe.tradingsymbol]: 800 });
    const bigLong = { tradingSymbol: pe.tradingsymbol, internalToken: pe.internalToken, quantity: 65 * 17 };
    expect((await f.exchange.sessionFor(poor).placeOrder(cmd(bigLong))).ok).toBe(true);
    // 10 lakh less the round trip's spread (6.50), the long's premium (1,105 at the ask, 800.05) and the charges
    // of the three fills: 26.50 (buy at 100.05), 36.30 (sell at 99.95, STT 9.75 paid as Rs 10) and 416.58.
    expect((await f.exchange.sessionFor(poor).margin()).available).toBe(115_458.87);
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

  it('blocks SPAN and exposure for a short option and a future, and less for a hedged short', async () => {
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell' }));
    // The ATM call a day from expiry: the 9.3% up-move loses about 2,318 a unit (its premium's worth included),
    // plus 2% exposure on 26,000 x 65 = 33,800 (docs/paper-broker.md).
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(190_970);
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
    // A resting buy of the future covers the short call's up-move: it blocks only what it adds to the group (the
    // group's SPAN stays the 9.3% move, now downwards; plus its own exposure, 33,800), not its own 1,90,970.
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(190_970 + 33_800);
    // Filled, the long future covers the short call's up-move: the group blocks its joint risk (the down-move of
    // the future less what the call gives back), well under the two alone.
    f.market.push('practice', { [fut.tradingsymbol]: 26_000 });
    const hedged = (await f.exchange.sessionFor(user).margin()).utilized;
    // 9.3% down: the future loses 1,57,170, the call at most gives back its 6,500 premium, which SPAN then counts
    // back as the short's option value; exposure on both legs is 67,600.
    expect(hedged).toBe(157_170 + 67_600);
  });

  it("blocks a spread's risk, not a naked short, for the short leg placed after its long", async () => {
    const otm = f.contracts.niftyOtmCe; // 27000 CE, same expiry
    f.market.set('practice', { [otm.tradingsymbol]: 5 });
    await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ tradingSymbol: otm.tradingsymbol, internalToken: otm.internalToken }));
    // Bought at the ask, 5.05: 328.25 of premium.
    expect((await f.exchange.sessionFor(user).margin()).utilized).toBe(328.25);
    // Selling the 26000 CE at a limit above the LTP rests: it blocks what it adds to the group, at most the width
    // (1,000 x 65) plus its exposure (33,800), not the 1,90,970 of a naked short.
    await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell', orderType: 'limit', price: 150 }));
    const resting = (await f.exchange.sessionFor(user).margin()).utilized - 328.25;
    expect(resting).toBeGreaterThan(33_800);
    expect(resting).toBeLessThanOrEqual(65_000 + 33_800);
    // Filled (the bid reaches 150 when the last price is 150.05), the spread holds the long's premium plus at most
    // the width plus exposure.
    f.market.push('practice', { [symbol]: 150.05 });
    expect((await f.exchange.sessionFor(user).positions()).map((p) => p.quantity).sort()).toEqual([-65, 65]);
    const held = (await f.exchange.sessionFor(user).margin()).utilized;
    expect(held).toBeGreaterThan(328.25 + 33_800);
    expect(held).toBeLessThanOrEqual(328.25 + 65_000 + 33_800);
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
        // Every fill's charges are out of the funds, and never negative.
        const realised = (
          await f.store.db
            .selectFrom('paperPositions')
            .select(['realisedPaise'])
            .where('userId', '=', trader)
            .execute()
        ).reduce((n, p) => n + Number(p.realisedPaise), 0);
        const charged = trades.reduce((n, t) => n + Number(t.chargesPaise), 0);
        expect(trades.every((t) => Number(t.chargesPaise) >= 0)).toBe(true);
        expect(toPaise((await f.exchange.sessionFor(trader).margin()).total)).toBe(
          100_000_000 + realised - charged,
        );
      }),
      { numRuns: 15 },
    );
  });
});
