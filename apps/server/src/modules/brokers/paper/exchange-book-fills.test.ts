import type { MarketDepth } from '@xtrader/core/market/depth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createNiftyCeDesk,
  type OrderCommandBuilder,
  type PaperFixture,
} from '../../../../test/helpers/paper';
import { describeEachStore } from '../../../../test/helpers/test-store';
import type { BrokerOrderUpdate } from '../broker';

const LOT = 65;

/** A book a tick or two wide around 100 with five lots, then more, on each side. */
const book = (sell: [number, number][], buy: [number, number][] = [[99.95, 10]]): MarketDepth => ({
  buy: buy.map(([price, lots]) => ({ price, quantity: lots * LOT })),
  sell: sell.map(([price, lots]) => ({ price, quantity: lots * LOT })),
});

const fillsOf = (updates: readonly BrokerOrderUpdate[]) =>
  updates.flatMap((u) => (u.event.type === 'fill' ? [[u.event.price, u.event.quantity / LOT]] : []));

describeEachStore('paper exchange fills against the book', (kind) => {
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

  const quote = (last: number, depth: MarketDepth) => f.market.set('practice', { [symbol]: last }, { depth });
  const tick = async (last: number, depth: MarketDepth) => {
    f.clock.advance(1000);
    f.market.push('practice', { [symbol]: last }, { depth });
    await f.exchange.idle();
  };
  const orderOf = async (
    ack: Awaited<ReturnType<ReturnType<PaperFixture['exchange']['sessionFor']>['placeOrder']>>,
  ) => {
    await f.exchange.idle();
    if (!ack.ok) throw new Error(ack.reason);
    return (await f.exchange.sessionFor(user).listOrders()).find(
      (o) => o.brokerOrderId === ack.brokerOrderId,
    )!;
  };

  it('a market buy bigger than the top level walks the offers, one trade per level, at their average', async () => {
    quote(
      100,
      book([
        [100.05, 2],
        [100.1, 3],
        [100.3, 10],
      ]),
    );
    const updates = f.record(user);
    const order = await orderOf(await f.exchange.sessionFor(user).placeOrder(cmd({ quantity: 10 * LOT })));
    expect(fillsOf(updates)).toEqual([
      [100.05, 2],
      [100.1, 3],
      [100.3, 5],
    ]);
    // (2 x 100.05 + 3 x 100.10 + 5 x 100.30) / 10 = 100.19
    expect(order).toMatchObject({ status: 'complete', filledQuantity: 650, averagePrice: 100.19 });
    const [position] = await f.exchange.sessionFor(user).positions();
    expect(position).toMatchObject({ quantity: 650, buyValue: 65_123.5, averagePrice: 100.19 });
  });

  it('a buy limit takes the offers at or below its price and never beyond; the rest fills on a later book', async () => {
    quote(
      100,
      book([
        [100.05, 1],
        [100.1, 2],
        [100.15, 10],
      ]),
    );
    const updates = f.record(user);
    const ack = await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ orderType: 'limit', price: 100.1, quantity: 5 * LOT }));
    let order = await orderOf(ack);
    expect(fillsOf(updates)).toEqual([
      [100.05, 1],
      [100.1, 2],
    ]);
    expect(order).toMatchObject({ status: 'open', filledQuantity: 3 * LOT });
    // Only the rest's premium stays blocked: 2 lots at the limit, beside the position's 3 lots' cost.
    const margin = await f.exchange.sessionFor(user).margin();
    expect(margin.utilized).toBe(100.05 * 65 + 100.1 * 130 + 100.1 * 130);
    // Its quantity may only change above what has filled.
    expect(await f.exchange.sessionFor(user).modifyOrder(order.brokerOrderId, { quantity: 3 * LOT })).toEqual(
      {
        ok: false,
        code: 'rejected',
        reason: 'Order quantity 195 should be more than the quantity already filled (195).',
      },
    );
    // A book whose offers all sit above the limit gives nothing.
    await tick(100.1, book([[100.15, 10]]));
    expect(fillsOf(updates)).toHaveLength(2);
    await tick(
      99.9,
      book([
        [99.95, 1],
        [100, 5],
      ]),
    );
    order = await orderOf(ack);
    expect(fillsOf(updates).slice(2)).toEqual([
      [99.95, 1],
      [100, 1],
    ]);
    expect(order).toMatchObject({ status: 'complete', filledQuantity: 5 * LOT });
    expect((await f.exchange.sessionFor(user).positions())[0]).toMatchObject({ quantity: 5 * LOT });
    expect(f.exchange.restingOrderCount).toBe(0);
  });

  it('market protection stops the walk 10% from the last price; the rest waits for the next book', async () => {
    quote(
      100,
      book([
        [100.05, 1],
        [112, 50],
      ]),
    );
    const updates = f.record(user);
    const ack = await f.exchange
      .sessionFor(user)
      .placeOrder(cmd({ quantity: 3 * LOT, marketProtection: 10 }));
    expect(await orderOf(ack)).toMatchObject({ status: 'open', filledQuantity: LOT });
    await tick(100.1, book([[100.15, 5]]));
    expect(fillsOf(updates)).toEqual([
      [100.05, 1],
      [100.15, 2],
    ]);
    expect(await orderOf(ack)).toMatchObject({ status: 'complete', filledQuantity: 3 * LOT });
  });

  it('orders of one tick share its book: what the first takes, the second does not find', async () => {
    const other = await f.addUser();
    // Both wait for the symbol's first quote (a market with no price yet)...
    const pe = f.contracts.niftyPe;
    const first = f.exchange.sessionFor(user);
    const second = f.exchange.sessionFor(other);
    const order = { tradingSymbol: pe.tradingsymbol, internalToken: pe.internalToken, quantity: 2 * LOT };
    await first.placeOrder(cmd(order));
    await second.placeOrder(cmd(order));
    const mine = f.record(user);
    const theirs = f.record(other);
    f.market.push(
      'practice',
      { [pe.tradingsymbol]: 50 },
      {
        depth: book(
          [
            [50.05, 3],
            [50.1, 10],
          ],
          [[49.95, 5]],
        ),
      },
    );
    await f.exchange.idle();
    expect(fillsOf(mine)).toEqual([[50.05, 2]]);
    expect(fillsOf(theirs)).toEqual([
      [50.05, 1],
      [50.1, 1],
    ]);
  });

  // The funds also pay both orders' charges (docs/charges.md): a buy of about 6,500 of premium costs 26.50, the
  // sell 36.30 at 99.95 (STT 9.75, paid as Rs 10) or 36.29 at 99.90 (its exchange charge is a paisa less).
  describe('a round trip at an unchanged book loses the spread (and the funds its charges too)', () => {
    it.each([
      {
        name: 'a quote without depth: 0.05 each side of the last price',
        depth: undefined,
        loss: 0.1 * LOT,
        charges: 26.5 + 36.3,
      },
      {
        name: 'a book 0.10 wide',
        depth: book([[100.05, 10]], [[99.95, 10]]),
        loss: 0.1 * LOT,
        charges: 26.5 + 36.3,
      },
      {
        name: 'a book 0.20 wide',
        depth: book([[100.1, 10]], [[99.9, 10]]),
        loss: 0.2 * LOT,
        charges: 26.5 + 36.29,
      },
    ])('$name', async ({ depth, loss, charges }) => {
      f.market.set('practice', { [symbol]: 100 }, depth ? { depth } : {});
      await f.exchange.sessionFor(user).placeOrder(cmd());
      await f.exchange.sessionFor(user).placeOrder(cmd({ side: 'sell' }));
      await f.exchange.idle();
      const [position] = await f.exchange.sessionFor(user).positions();
      expect(position).toMatchObject({ quantity: 0 });
      expect(position!.sellValue - position!.buyValue).toBeCloseTo(-loss, 6);
      expect(position!.charges).toBeCloseTo(charges, 6);
      expect((await f.exchange.sessionFor(user).margin()).total).toBeCloseTo(1_000_000 - loss - charges, 6);
    });
  });
});
