import { nextChaseStep } from '@xtrader/core/orders/edge-stops';
import { isFinalStatus } from '@xtrader/core/orders/order-status';
import { marketProtectionPrice } from '@xtrader/core/orders/price-rules';
import type { Quote } from '../../market/contract';
import type { OrderContext } from '../context/context';
import type { OrderRecord } from '../model/record';
import { requestModify } from '../sending/sender';
import { createQuoteWatch, type WatchedOrder } from './quote-watch';

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
  const busy = new Map<string, Quote | null>();
  // Each chased exit follows the best price on its user's own source and view.
  const watch = createQuoteWatch(ctx, {
    ownerOf,
    onQuote: (orderId, entry, quote) => chase(orderId, entry, quote),
  });

  const chase = (orderId: string, entry: WatchedOrder, quote: Quote) => {
    if (busy.has(orderId)) {
      busy.set(orderId, quote);
      return;
    }
    busy.set(orderId, null);
    const work = (async () => {
      const planned = await ctx.queue.run(entry.userId, () => planChase(ctx, entry.userId, orderId, quote));
      if (planned.price !== undefined)
        await requestModify(ctx, entry.userId, orderId, { price: planned.price });
      if (planned.done) watch.forget(orderId);
    })()
      .catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'exit chase failed'))
      .finally(() => {
        const latest = busy.get(orderId);
        busy.delete(orderId);
        const current = watch.entry(orderId);
        if (latest && current) chase(orderId, current, latest);
      });
    void ctx.tracker.track(work, entry.userId);
  };

  return {
    ...watch,
    watch(order) {
      if (order.workflow.chase) watch.watch(order);
    },
    get size() {
      return watch.size;
    },
  };
}
