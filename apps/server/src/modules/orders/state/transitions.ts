import type { OrderEvent } from '@xtrader/core/orders/order-status';
import { applyOrderEvent } from '@xtrader/core/orders/state';
import type { OrderContext } from '../context/context';
import type { OrderRecord, TrailingState } from '../model/record';
import type { FillRecord } from '../model/store';

/** A local trailing move waiting for the broker settles with the modification's answer. */
function settleTrailing(trailing: TrailingState | null, event: OrderEvent): TrailingState | null {
  if (!trailing || trailing.pendingReference === null) return trailing;
  if (event.type === 'modified')
    return { ...trailing, reference: trailing.pendingReference, pendingReference: null };
  if (event.type === 'modify_rejected') return { ...trailing, pendingReference: null };
  return trailing;
}

/**
 * The one way an order's state changes: the core state machine decides, the new state (and the fill, once per
 * trade id) is stored, and 'order.changed' is emitted (its listeners publish it, let a final order's trailing go,
 * and move the order's group). Must run inside the user's queue. Returns the updated order, or undefined when the
 * state machine refused the event.
 */
export async function applyEvent(
  ctx: OrderContext,
  order: OrderRecord,
  event: OrderEvent,
): Promise<OrderRecord | undefined> {
  const result = applyOrderEvent(order.state, event);
  if (!result.ok) {
    const level = result.error.code === 'duplicate_fill' ? 'debug' : 'warn';
    ctx.logger[level]({ orderId: order.id, event: event.type, error: result.error }, 'order event refused');
    return undefined;
  }
  const next: OrderRecord = {
    ...order,
    state: result.order,
    trailing: settleTrailing(order.trailing, event),
  };
  const fill: FillRecord | undefined =
    event.type === 'fill' && order.kind === 'broker'
      ? { tradeId: event.tradeId, quantity: event.qty, price: event.price, ts: event.ts }
      : undefined;
  await ctx.store.saveOrder(next, fill);
  await ctx.events.emit('order.changed', { before: order, after: next, event });
  return next;
}

/** Applies several events in turn (e.g. reconciliation), skipping refused ones. */
export async function applyEvents(
  ctx: OrderContext,
  order: OrderRecord,
  events: readonly OrderEvent[],
): Promise<OrderRecord> {
  let current = order;
  for (const event of events) current = (await applyEvent(ctx, current, event)) ?? current;
  return current;
}
