import type { Notification } from '@xtrader/core/api/notifications';
import { isFinalStatus } from '@xtrader/core/orders/order-status';
import { trailStep } from '@xtrader/core/orders/trailing';
import type { OrderContext } from '../context/context';
import { partsOf } from '../model/group-rules';
import { firedAwaitingDisaster } from '../model/hybrid';
import { ORDER_ERRORS } from '../model/messages';
import { isHeld, isServerTrailed, type OrderRecord } from '../model/record';
import { requestModify, sendPlacements } from '../sending/sender';
import { crossed, fireHeldStop } from '../state/held-stops';
import { createPricePauses } from './price-pause';
import { createQuoteWatch } from './quote-watch';

/** Local trailing: watches the prices of trailing stop-loss orders and moves their triggers (event-driven). */
export interface TrailingMonitor {
  watch(order: OrderRecord): void;
  forget(orderId: string): void;
  /** Stops watching every order of the user (another instance runs their engine now). */
  forgetUser(userId: string): void;
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

/** A held stop the price crossed: sent to the broker as market orders (one, or one per slice). */
interface Fire {
  fired: OrderRecord[];
}

/** Decides a move inside the user's queue and marks it pending before anything is sent. */
async function planMove(
  ctx: OrderContext,
  forget: (orderId: string) => void,
  userId: string,
  orderId: string,
  ltp: number,
): Promise<Move | Fire | undefined> {
  const order = await ctx.store.findById(userId, orderId);
  const trailing = order?.trailing;
  const held = order !== undefined && isHeld(order);
  if (!order || isFinalStatus(order.state) || (!held && !isServerTrailed(trailing))) {
    forget(orderId);
    return undefined;
  }
  if (held && crossed(order, ltp)) {
    const fired = await fireHeldStop(ctx, order);
    // A hybrid stop's exit waits for the workflow to cancel its disaster stop first (workflows/hybrid-rules.ts).
    const waiting = fired.filter(firedAwaitingDisaster);
    for (const rootId of new Set(waiting.map((stop) => stop.rootId))) {
      void ctx.events.emit('family.touched', { userId, rootId });
    }
    return { fired: fired.filter((stop) => !firedAwaitingDisaster(stop)) };
  }
  // A held stop whose trailing was stopped is still watched for its trigger, but no longer moves.
  if (!trailing || !isServerTrailed(trailing)) return undefined;
  if (trailing.reference === null) {
    await ctx.store.saveOrder({ ...order, trailing: { ...trailing, reference: ltp } });
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
  await ctx.store.saveOrder(marked);
  return { order: marked, triggerPrice: step.triggerPrice, pendingReference: step.reference };
}

/**
 * Counts a trigger move the broker took (local trailing and broker trailing by modification both modify the resting
 * order), and once the broker's modification limit is used up stops trailing (the stop-loss stays at its last
 * trigger) and tells the trader.
 */
async function countModification(
  ctx: OrderContext,
  forget: (orderId: string) => void,
  order: OrderRecord,
): Promise<void> {
  const session = await ctx.sessions.forOrder(order);
  const limit = session.capabilities.maxModificationsPerOrder;
  const stopped = await ctx.queue.run(order.userId, async () => {
    const current = await ctx.store.findById(order.userId, order.id);
    const trailing = current?.trailing;
    // A held stop is moved in the server: the broker counts nothing.
    if (!current || !trailing || !isServerTrailed(trailing) || isHeld(current)) return undefined;
    const modifications = (trailing.modifications ?? 0) + 1;
    const spent = limit !== undefined && modifications >= limit;
    await ctx.store.saveOrder({ ...current, trailing: { ...trailing, modifications, active: !spent } });
    return spent ? current : undefined;
  });
  if (!stopped || limit === undefined) return;
  forget(order.id);
  const notification: Notification = {
    notificationType: 'trailing_stopped',
    timestamp: new Date(ctx.clock.now()).toISOString(),
    identifier: stopped.identifier,
    transactionType: stopped.side,
    quantity: stopped.state.quantity,
    averagePrice: null,
    status: 'TRAILING STOPPED',
    statusMessage: ORDER_ERRORS.trailingLimitReached(session.brokerId, limit),
  };
  await ctx.bus.publish('notification', { userId: order.userId, notification });
}

async function moveTrigger(
  ctx: OrderContext,
  forget: (orderId: string) => void,
  userId: string,
  orderId: string,
  ltp: number,
): Promise<void> {
  const planned = await ctx.queue.run(userId, () => planMove(ctx, forget, userId, orderId, ltp));
  if (!planned) return;
  if ('fired' in planned) {
    forget(orderId);
    const [first] = planned.fired;
    if (first) await sendPlacements(ctx, await ctx.sessions.forOrder(first), planned.fired);
    return;
  }
  const move = planned;
  const family = move.order.kind === 'group' ? await ctx.store.listFamily(userId, move.order.rootId) : [];
  const targets = move.order.kind === 'broker' ? [move.order] : partsOf(family, move.order.id);
  const acks = await Promise.all(
    targets
      .filter((target) => !isFinalStatus(target.state))
      .map((target) => requestModify(ctx, userId, target.id, { triggerPrice: move.triggerPrice })),
  );
  if (acks.some((ack) => ack?.ok)) {
    await countModification(ctx, forget, move.order);
    return;
  }
  // Nothing took the move: forget it, so the next tick can try again.
  await ctx.queue.run(userId, async () => {
    const current = await ctx.store.findById(userId, orderId);
    const trailing = current?.trailing;
    if (current && trailing?.pendingReference === move.pendingReference) {
      await ctx.store.saveOrder({ ...current, trailing: { ...trailing, pendingReference: null } });
    }
  });
}

export function createTrailingMonitor(ctx: OrderContext): TrailingMonitor {
  // Per order: a move in progress, and the latest price that arrived meanwhile (moves never overlap).
  const busy = new Map<string, number | null>();
  const pauses = createPricePauses(ctx);
  // Each order trails on its user's own prices at its broker (their stream, else the shared source).
  const watch = createQuoteWatch(ctx, {
    ownerOf,
    onQuote(orderId, entry, quote) {
      // Never on a stale price of the order's source (paused, and the trader told).
      if (!pauses.holds(orderId, entry.userId, entry.source, quote.symbol, entry.view)) {
        nudge(orderId, entry.userId, quote.lastPrice);
      }
    },
    onForget: (orderId) => pauses.forget(orderId),
  });
  const forget = watch.forget;

  const nudge = (orderId: string, userId: string, ltp: number) => {
    if (busy.has(orderId)) {
      busy.set(orderId, ltp);
      return;
    }
    busy.set(orderId, null);
    const work = moveTrigger(ctx, forget, userId, orderId, ltp)
      .catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'trailing move failed'))
      .finally(() => {
        const latest = busy.get(orderId);
        busy.delete(orderId);
        if (latest !== null && latest !== undefined && watch.entry(orderId)) nudge(orderId, userId, latest);
      });
    void ctx.tracker.track(work, userId);
  };

  return watch;
}
