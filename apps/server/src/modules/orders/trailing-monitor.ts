import { isFinalStatus } from '@xtrader/core';
import type { PriceView, Quote } from '../market/contract';
import type { OrderEngine } from './engine';
import { partsOf } from './group-rules';
import type { OrderRecord } from './record';
import { requestModify } from './sender';
import { trailStep } from './trailing-rules';

/** Local trailing: watches the prices of trailing stop-loss orders and moves their triggers (event-driven). */
export interface TrailingMonitor {
  watch(order: OrderRecord): void;
  forget(orderId: string): void;
  start(): void;
  stop(): void;
  /** Orders being watched. */
  readonly size: number;
}

const ownerOf = (orderId: string) => `trail:${orderId}`;

interface Move {
  order: OrderRecord;
  triggerPrice: number;
  pendingReference: number;
}

/** Decides a move inside the user's queue and marks it pending before anything is sent. */
async function planMove(
  engine: OrderEngine,
  userId: string,
  orderId: string,
  ltp: number,
): Promise<Move | undefined> {
  const order = await engine.store.findById(userId, orderId);
  const trailing = order?.trailing;
  if (!order || isFinalStatus(order.state) || !trailing?.active || trailing.handler !== 'local') {
    engine.trailing.forget(orderId);
    return undefined;
  }
  if (trailing.reference === null) {
    await engine.store.saveOrder({ ...order, trailing: { ...trailing, reference: ltp } });
    return undefined;
  }
  const trigger = order.state.triggerPrice;
  if (trailing.pendingReference !== null || trigger === null) return undefined;
  const step = trailStep(
    order.side,
    trigger,
    trailing.reference,
    ltp,
    trailing.changeInPrice,
    trailing.changeInSl,
  );
  if (!step) return undefined;
  const marked = { ...order, trailing: { ...trailing, pendingReference: step.reference } };
  await engine.store.saveOrder(marked);
  return { order: marked, triggerPrice: step.triggerPrice, pendingReference: step.reference };
}

async function moveTrigger(engine: OrderEngine, userId: string, orderId: string, ltp: number): Promise<void> {
  const move = await engine.queue.run(userId, () => planMove(engine, userId, orderId, ltp));
  if (!move) return;
  const family = move.order.kind === 'group' ? await engine.store.listFamily(userId, move.order.rootId) : [];
  const targets = move.order.kind === 'broker' ? [move.order] : partsOf(family, move.order.id);
  const acks = await Promise.all(
    targets
      .filter((target) => !isFinalStatus(target.state))
      .map((target) => requestModify(engine, userId, target.id, { triggerPrice: move.triggerPrice })),
  );
  if (acks.some((ack) => ack?.ok)) return;
  // Nothing took the move: forget it, so the next tick can try again.
  await engine.queue.run(userId, async () => {
    const current = await engine.store.findById(userId, orderId);
    const trailing = current?.trailing;
    if (current && trailing?.pendingReference === move.pendingReference) {
      await engine.store.saveOrder({ ...current, trailing: { ...trailing, pendingReference: null } });
    }
  });
}

export function createTrailingMonitor(engine: OrderEngine): TrailingMonitor {
  const watched = new Map<string, { userId: string; view: PriceView; symbol: string }>();
  const bySymbol: Record<PriceView, Map<string, Set<string>>> = { live: new Map(), practice: new Map() };
  // Per order: a move in progress, and the latest price that arrived meanwhile (moves never overlap).
  const busy = new Map<string, number | null>();
  const unsubscribes: Array<() => void> = [];

  const nudge = (orderId: string, userId: string, ltp: number) => {
    if (busy.has(orderId)) {
      busy.set(orderId, ltp);
      return;
    }
    busy.set(orderId, null);
    const work = moveTrigger(engine, userId, orderId, ltp)
      .catch((error: unknown) => engine.logger.error({ err: error, orderId }, 'trailing move failed'))
      .finally(() => {
        const latest = busy.get(orderId);
        busy.delete(orderId);
        if (latest !== null && latest !== undefined && watched.has(orderId)) nudge(orderId, userId, latest);
      });
    void engine.tracker.track(work, userId);
  };

  const onQuotes = (view: PriceView) => (quotes: readonly Quote[]) => {
    for (const quote of quotes) {
      const ids = bySymbol[view].get(quote.symbol);
      if (!ids) continue;
      for (const orderId of ids) {
        const entry = watched.get(orderId);
        if (entry) nudge(orderId, entry.userId, quote.lastPrice);
      }
    }
  };

  return {
    watch(order) {
      if (watched.has(order.id)) return;
      watched.set(order.id, { userId: order.userId, view: order.priceView, symbol: order.tradingSymbol });
      const ids = bySymbol[order.priceView].get(order.tradingSymbol) ?? new Set<string>();
      ids.add(order.id);
      bySymbol[order.priceView].set(order.tradingSymbol, ids);
      engine.marketData.retain(ownerOf(order.id), [order.tradingSymbol]);
    },
    forget(orderId) {
      const entry = watched.get(orderId);
      if (!entry) return;
      watched.delete(orderId);
      const ids = bySymbol[entry.view].get(entry.symbol);
      ids?.delete(orderId);
      if (ids?.size === 0) bySymbol[entry.view].delete(entry.symbol);
      engine.marketData.release(ownerOf(orderId));
    },
    start() {
      unsubscribes.push(engine.marketData.onQuotes('live', onQuotes('live')));
      unsubscribes.push(engine.marketData.onQuotes('practice', onQuotes('practice')));
    },
    stop() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      for (const orderId of [...watched.keys()]) this.forget(orderId);
    },
    get size() {
      return watched.size;
    },
  };
}
