import { nextChaseStep } from '@xtrader/core/orders/edge-stops';
import { isFinalStatus } from '@xtrader/core/orders/order-status';
import { marketProtectionPrice } from '@xtrader/core/orders/price-rules';
import type { PriceSourceId, PriceView, Quote } from '../../market/contract';
import type { OrderContext } from '../context/context';
import { sourceOfOrder } from '../context/order-prices';
import type { OrderRecord } from '../model/record';
import { requestModify } from '../sending/sender';

// The exit chaser: an exit limit order at the best bid (sell) or ask (buy) follows the best price on every quote
// change, at most `workflow.chase.max` times; the change after the last re-price makes it marketable (a limit at
// the market-protection price, which fills at once within the protection). Each move is an ordinary modification
// (paced by the broker's rate limits, urgent like every command on a working order) and moves never overlap.

export interface ExitChaser {
  watch(order: OrderRecord): void;
  forget(orderId: string): void;
  forgetUser(userId: string): void;
  start(): void;
  stop(): void;
  readonly size: number;
}

const ownerOf = (orderId: string) => `chase:${orderId}`;

interface Watched {
  userId: string;
  source: PriceSourceId;
  view: PriceView;
  symbol: string;
}

/** The new limit price the quote asks for, with the chase count saved first (inside the user's queue). */
async function planChase(ctx: OrderContext, userId: string, orderId: string, quote: Quote) {
  const order = await ctx.store.findById(userId, orderId);
  const chase = order?.workflow.chase;
  if (!order || !chase || isFinalStatus(order.state) || order.state.price === null) return { done: true };
  if (chase.marketable || order.state.status === 'modify_pending') return { done: chase.marketable === true };
  const bidAsk = { bid: quote.bid ?? null, ask: quote.ask ?? null };
  const step = nextChaseStep(order.side, order.state.price, chase.reprices, chase.max, bidAsk);
  if (step.type === 'none') return { done: false };
  const price =
    step.type === 'reprice'
      ? step.price
      : marketProtectionPrice(quote.lastPrice, order.side, chase.protectionPercent);
  const next = {
    ...chase,
    reprices: chase.reprices + (step.type === 'reprice' ? 1 : 0),
    ...(step.type === 'market' ? { marketable: true } : {}),
  };
  await ctx.store.saveOrder({ ...order, workflow: { ...order.workflow, chase: next } });
  return { done: false, price };
}

export function createExitChaser(ctx: OrderContext): ExitChaser {
  const watched = new Map<string, Watched>();
  const busy = new Map<string, Quote | null>();
  const unsubscribes: Array<() => void> = [];

  const forget = (orderId: string) => {
    const entry = watched.get(orderId);
    if (!entry) return;
    watched.delete(orderId);
    ctx.prices.release(entry.source, ownerOf(orderId));
  };

  const chase = (orderId: string, entry: Watched, quote: Quote) => {
    if (busy.has(orderId)) {
      busy.set(orderId, quote);
      return;
    }
    busy.set(orderId, null);
    const work = (async () => {
      const planned = await ctx.queue.run(entry.userId, () => planChase(ctx, entry.userId, orderId, quote));
      if (planned.price !== undefined)
        await requestModify(ctx, entry.userId, orderId, { price: planned.price });
      if (planned.done) forget(orderId);
    })()
      .catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'exit chase failed'))
      .finally(() => {
        const latest = busy.get(orderId);
        busy.delete(orderId);
        const current = watched.get(orderId);
        if (latest && current) chase(orderId, current, latest);
      });
    void ctx.tracker.track(work, entry.userId);
  };

  const onQuotes = (view: PriceView) => (source: PriceSourceId, quotes: readonly Quote[]) => {
    if (watched.size === 0) return;
    for (const quote of quotes) {
      for (const [orderId, entry] of watched) {
        if (entry.view === view && entry.source === source && entry.symbol === quote.symbol) {
          chase(orderId, entry, quote);
        }
      }
    }
  };

  return {
    watch(order) {
      if (watched.has(order.id) || !order.workflow.chase) return;
      const source = sourceOfOrder(ctx, order);
      watched.set(order.id, {
        userId: order.userId,
        source,
        view: order.priceView,
        symbol: order.tradingSymbol,
      });
      ctx.prices.retain(source, ownerOf(order.id), [order.tradingSymbol]);
    },
    forget,
    forgetUser(userId) {
      for (const [orderId, entry] of [...watched]) if (entry.userId === userId) forget(orderId);
    },
    start() {
      unsubscribes.push(ctx.prices.onQuotes('live', onQuotes('live')));
      unsubscribes.push(ctx.prices.onQuotes('practice', onQuotes('practice')));
    },
    stop() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      for (const orderId of [...watched.keys()]) forget(orderId);
    },
    get size() {
      return watched.size;
    },
  };
}
