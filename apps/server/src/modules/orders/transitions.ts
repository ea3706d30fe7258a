import { applyOrderEvent, isFinalStatus, type OrderEvent } from '@xtrader/core';
import type { OrderEngine } from './engine';
import { groupEvents, partsOf } from './group-rules';
import { notificationFor } from './notifications';
import type { OrderRecord, TrailingState } from './record';
import type { FillRecord } from './store';

/** A local trailing move waiting for the broker settles with the modification's answer. */
function settleTrailing(trailing: TrailingState | null, event: OrderEvent): TrailingState | null {
  if (!trailing || trailing.pendingReference === null) return trailing;
  if (event.type === 'modified')
    return { ...trailing, reference: trailing.pendingReference, pendingReference: null };
  if (event.type === 'modify_rejected') return { ...trailing, pendingReference: null };
  return trailing;
}

async function announce(engine: OrderEngine, before: OrderRecord, after: OrderRecord): Promise<void> {
  const { bus, logger } = engine;
  try {
    await bus.publish('order.updated', { userId: after.userId, orderId: after.id });
    const notification = notificationFor(before, after);
    if (notification) await bus.publish('notification', { userId: after.userId, notification });
  } catch (error) {
    logger.warn({ err: error, orderId: after.id }, 'publishing an order update failed');
  }
}

async function updateGroup(engine: OrderEngine, part: OrderRecord, event: OrderEvent): Promise<void> {
  const { userId, rootId, groupId } = part;
  if (!groupId) return;
  let group = await engine.store.findById(userId, groupId);
  if (!group) return;
  // Only a part's final event can leave nothing working, and only then are the parts read: a group of many slices
  // (the exit of a large position) read whole on every event of every part would hold up the user's queue.
  const mayClose =
    isFinalStatus(part.state) && (await engine.store.countWorkingParts(userId, rootId, groupId)) === 0;
  const parts = mayClose ? partsOf(await engine.store.listFamily(userId, rootId), groupId) : undefined;
  for (const groupEvent of groupEvents(group, parts, part, event)) {
    group = (await applyEvent(engine, group, groupEvent)) ?? group;
  }
}

/**
 * The one way an order's state changes in the engine: the core state machine decides, then the new state (and the
 * fill, once per trade id) is stored, the change is published, and the order's group follows. Must run inside
 * the user's queue. Returns the updated order, or undefined when the state machine refused the event.
 */
export async function applyEvent(
  engine: OrderEngine,
  order: OrderRecord,
  event: OrderEvent,
): Promise<OrderRecord | undefined> {
  const result = applyOrderEvent(order.state, event);
  if (!result.ok) {
    const level = result.error.code === 'duplicate_fill' ? 'debug' : 'warn';
    engine.logger[level](
      { orderId: order.id, event: event.type, error: result.error },
      'order event refused',
    );
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
  await engine.store.saveOrder(next, fill);
  await announce(engine, order, next);
  if (isFinalStatus(next.state)) engine.trailing.forget(next.id);
  if (next.groupId) await updateGroup(engine, next, event);
  return next;
}

/** Applies several events in turn (e.g. reconciliation), skipping refused ones. */
export async function applyEvents(
  engine: OrderEngine,
  order: OrderRecord,
  events: readonly OrderEvent[],
): Promise<OrderRecord> {
  let current = order;
  for (const event of events) current = (await applyEvent(engine, current, event)) ?? current;
  return current;
}
