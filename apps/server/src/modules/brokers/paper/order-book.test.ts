import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLimitCrossed, isStopTriggered } from './matching';
import { OrderBook } from './order-book';
import type { PaperOrder } from './paper-order';

let counter = 0;
const order = (fields: Partial<PaperOrder>): PaperOrder => ({
  id: `o${++counter}`,
  userId: 'u',
  clientOrderId: undefined,
  tradingSymbol: 'SYM',
  internalToken: '1',
  exchange: 'NFO',
  side: 'buy',
  product: 'normal',
  orderType: 'limit',
  quantity: 65,
  filledQuantity: 0,
  averagePrice: 0,
  price: undefined,
  triggerPrice: undefined,
  status: 'open',
  rejectedReason: undefined,
  blockedPaise: 0,
  chargesPaise: 0,
  marketProtection: undefined,
  trailing: undefined,
  createdAt: 0,
  updatedAt: 0,
  ...fields,
});

const ids = (orders: readonly PaperOrder[]) => orders.map((o) => o.id).sort();

describe('paper order book', () => {
  it('hands a tick exactly the limits it crosses and the stops it reaches (property)', () => {
    const price = fc.integer({ min: 1, max: 400 }).map((ticks) => ticks * 0.05);
    const orderArb = fc.record({
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      kind: fc.constantFrom('limit', 'stoploss_market', 'stoploss', 'market'),
      price,
      trigger: price,
    });
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 60 }), price, (specs, ltp) => {
        const book = new OrderBook();
        const orders = specs.map((s) =>
          order({
            side: s.side,
            orderType: s.kind as PaperOrder['orderType'],
            status: s.kind.startsWith('stoploss') ? 'trigger_pending' : 'open',
            price: s.kind === 'limit' || s.kind === 'stoploss' ? s.price : undefined,
            triggerPrice: s.kind.startsWith('stoploss') ? s.trigger : undefined,
          }),
        );
        for (const o of orders) book.add(o);
        const due = book.due('SYM', ltp);
        const stops = orders.filter((o) => o.status === 'trigger_pending');
        const limits = orders.filter((o) => o.status === 'open' && o.orderType === 'limit');
        expect(ids(due?.triggered ?? [])).toEqual(
          ids(stops.filter((o) => isStopTriggered(o.side, o.triggerPrice!, ltp))),
        );
        expect(ids(due?.crossed ?? [])).toEqual(
          ids(limits.filter((o) => isLimitCrossed(o.side, o.price!, ltp))),
        );
        expect(ids(due?.awaiting ?? [])).toEqual(ids(orders.filter((o) => o.orderType === 'market')));
        expect(book.size).toBe(orders.length);
      }),
    );
  });

  it('re-files an order when it changes and forgets it when removed', () => {
    const book = new OrderBook();
    const stop = order({
      side: 'sell',
      orderType: 'stoploss',
      status: 'trigger_pending',
      price: 79,
      triggerPrice: 80,
    });
    book.add(stop);
    expect(book.due('SYM', 80)?.triggered).toEqual([stop]);
    stop.status = 'open';
    book.add(stop);
    expect(book.due('SYM', 80)?.triggered).toEqual([]);
    expect(book.due('SYM', 79.5)?.crossed).toEqual([stop]);
    book.remove(stop);
    expect(book.due('SYM', 79.5)).toBeUndefined();
    expect(book.size).toBe(0);
  });

  it('lists trailing stops that a tick did not trigger', () => {
    const book = new OrderBook();
    const trailing = { changeInPrice: 5, changeInSL: 1, referencePrice: 100 };
    const a = order({
      side: 'sell',
      orderType: 'stoploss_market',
      status: 'trigger_pending',
      triggerPrice: 90,
      trailing,
    });
    const b = order({
      side: 'sell',
      orderType: 'stoploss_market',
      status: 'trigger_pending',
      triggerPrice: 95,
      trailing,
    });
    book.add(a);
    book.add(b);
    const due = book.due('SYM', 94);
    expect(due?.triggered).toEqual([b]);
    expect(due?.trailing).toEqual([a]);
  });
});
