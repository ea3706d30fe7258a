import { afterEach, beforeEach, expect, it } from 'vitest';
import { createPaperFixture, type PaperFixture } from '../../../../test/helpers/paper';
import { describeEachStore } from '../../../../test/helpers/test-store';
import type { BrokerOrderUpdate, PlaceOrderCommand } from '../broker';

/** Short, readable form of an update: `fill@95`, `modified:91`, `accepted:open`. */
export const summarize = (u: BrokerOrderUpdate): string => {
  const e = u.event;
  if (e.type === 'fill') return `fill@${e.price}`;
  if (e.type === 'accepted') return `accepted:${e.status}`;
  if (e.type === 'modified') return `modified:${e.triggerPrice ?? e.price}`;
  return e.type;
};

interface Case {
  name: string;
  ltpBefore?: number;
  cmd: Partial<PlaceOrderCommand>;
  path: number[];
  events: string[];
}

// The quotes here have no depth: the exchange takes them as a one-tick book (bid 0.05 below the last price, ask
// 0.05 above, any size). Fills against a real book are in exchange-book-fills.test.ts.
const cases: Case[] = [
  {
    name: 'market buy fills at the ask',
    ltpBefore: 100,
    cmd: {},
    path: [],
    events: ['accepted:open', 'fill@100.05'],
  },
  {
    name: 'market without a quote fills on the first quote',
    cmd: {},
    path: [101.5],
    events: ['accepted:open', 'fill@101.55'],
  },
  {
    name: 'buy limit below the ask rests, then fills at the ask once it is at or below the limit',
    ltpBefore: 100,
    cmd: { orderType: 'limit', price: 95 },
    path: [96, 95, 94.5, 90],
    events: ['accepted:open', 'fill@94.55'],
  },
  {
    name: 'marketable buy limit fills at once at the better ask',
    ltpBefore: 100,
    cmd: { orderType: 'limit', price: 105 },
    path: [],
    events: ['accepted:open', 'fill@100.05'],
  },
  {
    name: 'sell limit above the bid fills at the bid when it rises through the limit',
    ltpBefore: 100,
    cmd: { side: 'sell', orderType: 'limit', price: 110 },
    path: [110, 112],
    events: ['accepted:open', 'fill@111.95'],
  },
  {
    name: 'sell stop-loss-market triggers on the LTP at or below the trigger and sells at the bid',
    ltpBefore: 100,
    cmd: { side: 'sell', orderType: 'stoploss_market', triggerPrice: 90 },
    path: [90.05, 89],
    events: ['accepted:trigger_pending', 'triggered', 'fill@88.95'],
  },
  {
    name: 'buy stop-loss-market triggers at or above the trigger and buys at the ask',
    ltpBefore: 100,
    cmd: { orderType: 'stoploss_market', triggerPrice: 110 },
    path: [110],
    events: ['accepted:trigger_pending', 'triggered', 'fill@110.05'],
  },
  {
    name: 'sell stop-limit fills at the bid when the trigger tick is within the limit',
    ltpBefore: 100,
    cmd: { side: 'sell', orderType: 'stoploss', triggerPrice: 90, price: 89 },
    path: [89.5],
    events: ['accepted:trigger_pending', 'triggered', 'fill@89.45'],
  },
  {
    name: 'sell stop-limit rests as a limit when the price gaps past it, then fills at the bid',
    ltpBefore: 100,
    cmd: { side: 'sell', orderType: 'stoploss', triggerPrice: 90, price: 89 },
    path: [88, 89, 89.2],
    events: ['accepted:trigger_pending', 'triggered', 'fill@89.15'],
  },
  {
    name: 'a stop already reached on arrival triggers at once',
    ltpBefore: 85,
    cmd: { side: 'sell', orderType: 'stoploss_market', triggerPrice: 90 },
    path: [],
    events: ['accepted:trigger_pending', 'triggered', 'fill@84.95'],
  },
  {
    name: 'broker trailing lifts a sell stop by changeInSL per changeInPrice gained, then triggers',
    ltpBefore: 100,
    cmd: {
      side: 'sell',
      orderType: 'stoploss_market',
      triggerPrice: 90,
      trailing: { changeInPrice: 5, changeInSL: 1 },
    },
    path: [104, 105, 111, 108, 91.5],
    events: ['accepted:trigger_pending', 'modified:91', 'modified:92', 'triggered', 'fill@91.45'],
  },
  {
    name: 'broker trailing lowers a buy stop-limit with its price as the price falls',
    ltpBefore: 100,
    cmd: {
      orderType: 'stoploss',
      triggerPrice: 110,
      price: 111,
      trailing: { changeInPrice: 2, changeInSL: 0.5 },
    },
    // Triggered at 108.5, it buys at the ask (108.55), within its limit, now 109.5.
    path: [98, 94, 108.45, 108.5],
    events: ['accepted:trigger_pending', 'modified:109.5', 'modified:108.5', 'triggered', 'fill@108.55'],
  },
];

describeEachStore('paper exchange matching', (kind) => {
  let f: PaperFixture;
  beforeEach(async () => {
    f = await createPaperFixture(kind);
  });
  afterEach(async () => {
    await f.close();
  });

  it.each(cases)('$name', async ({ ltpBefore, cmd, path, events }) => {
    const ce = f.contracts.niftyCe;
    const user = await f.addUser();
    const updates = f.record(user);
    if (ltpBefore !== undefined) f.market.set('practice', { [ce.tradingsymbol]: ltpBefore });
    const ack = await f.exchange.sessionFor(user).placeOrder({
      clientOrderId: 'c-1',
      tradingSymbol: ce.tradingsymbol,
      internalToken: ce.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity: 65,
      product: 'normal',
      orderType: 'market',
      ...cmd,
    });
    expect(ack.ok).toBe(true);
    for (const price of path) {
      f.clock.advance(1000);
      f.market.push('practice', { [ce.tradingsymbol]: price });
      await f.exchange.idle();
    }
    await f.exchange.idle();
    expect(updates.map(summarize)).toEqual(events);
    expect(updates.every((u) => u.clientOrderId === 'c-1' && u.userId === user)).toBe(true);
    expect(updates.every((u) => u.brokerOrderId === (ack.ok ? ack.brokerOrderId : ''))).toBe(true);
    // Prices of the live view never move paper orders.
    f.market.push('live', { [ce.tradingsymbol]: 1 });
    await f.exchange.idle();
    expect(updates.map(summarize)).toEqual(events);
  });

  it('gives every fill its own trade id and stamps event and receipt times', async () => {
    const ce = f.contracts.niftyCe;
    const user = await f.addUser();
    const updates = f.record(user);
    f.market.set('practice', { [ce.tradingsymbol]: 100 });
    const base = {
      clientOrderId: 'c',
      tradingSymbol: ce.tradingsymbol,
      internalToken: ce.internalToken,
      exchange: 'NFO' as const,
      side: 'buy' as const,
      quantity: 65,
      product: 'normal' as const,
      orderType: 'market' as const,
    };
    await f.exchange.sessionFor(user).placeOrder(base);
    await f.exchange.sessionFor(user).placeOrder({ ...base, side: 'sell' });
    await f.exchange.idle();
    const fills = updates.filter((u) => u.event.type === 'fill');
    const tradeIds = fills.map((u) => (u.event.type === 'fill' ? u.event.tradeId : ''));
    expect(new Set(tradeIds).size).toBe(2);
    expect(updates.every((u) => u.eventTs === f.clock.now() && u.receivedTs >= u.eventTs)).toBe(true);
  });
});
