import { fillIncrement } from '@xtrader/core/orders/fills';
import type { OrderState } from '@xtrader/core/orders/order-state';
import type { OrderEvent } from '@xtrader/core/orders/order-status';
import { toPaise } from '@xtrader/core/orders/price-rules';
import type { BrokerOrderEvent, BrokerOrderSnapshot } from '../../brokers/broker';

// Translation from what brokers report to the core state machine's events. Nothing here decides an order's status:
// `applyOrderEvent` does, from these events.

/** One normalised broker event as a core order event. */
export function toOrderEvent(event: BrokerOrderEvent, orderId: string, ts: number): OrderEvent {
  switch (event.type) {
    case 'accepted':
      return { type: 'accepted', orderId, ts, triggerPending: event.status === 'trigger_pending' };
    case 'triggered':
      return { type: 'triggered', orderId, ts };
    case 'fill':
      return { type: 'fill', orderId, ts, tradeId: event.tradeId, qty: event.quantity, price: event.price };
    case 'modified':
      return {
        type: 'modified',
        orderId,
        ts,
        ...(event.price !== undefined ? { price: event.price } : {}),
        ...(event.triggerPrice !== undefined ? { triggerPrice: event.triggerPrice } : {}),
        ...(event.quantity !== undefined ? { quantity: event.quantity } : {}),
      };
    case 'cancelled':
      return { type: 'cancelled', orderId, ts, ...(event.reason ? { reason: event.reason } : {}) };
    case 'rejected':
      return { type: 'rejected', orderId, ts, reason: event.reason };
  }
}

const WORKING_AT_BROKER = new Set<BrokerOrderSnapshot['status']>([
  'open',
  'trigger_pending',
  'partially_filled',
]);

const differs = (ours: number | null, theirs: number | undefined) =>
  theirs !== undefined && theirs > 0 && ours !== null && toPaise(ours) !== toPaise(theirs);

/** A request left in flight by a restart: confirmed if the broker's values moved, refused otherwise. */
function settleInFlight(state: OrderState, snap: BrokerOrderSnapshot, ts: number): OrderEvent[] {
  const { orderId } = state;
  if (!WORKING_AT_BROKER.has(snap.status)) return [];
  if (state.status === 'cancel_pending') {
    return [{ type: 'cancel_rejected', orderId, ts, reason: 'The broker did not cancel the order' }];
  }
  if (state.status !== 'modify_pending') return [];
  const moved =
    differs(state.price, snap.price) ||
    differs(state.triggerPrice, snap.triggerPrice) ||
    snap.quantity !== state.quantity;
  if (!moved)
    return [{ type: 'modify_rejected', orderId, ts, reason: 'The broker did not modify the order' }];
  return [modifiedFrom(state, snap, ts)];
}

function modifiedFrom(state: OrderState, snap: BrokerOrderSnapshot, ts: number): OrderEvent {
  return {
    type: 'modified',
    orderId: state.orderId,
    ts,
    ...(differs(state.price, snap.price) ? { price: snap.price } : {}),
    ...(differs(state.triggerPrice, snap.triggerPrice) ? { triggerPrice: snap.triggerPrice } : {}),
    ...(snap.quantity !== state.quantity && snap.quantity >= state.filledQuantity
      ? { quantity: snap.quantity }
      : {}),
  };
}

/** Fill quantity we have not booked, at the price that makes our average equal the broker's. */
function missingFill(state: OrderState, snap: BrokerOrderSnapshot, ts: number): OrderEvent[] {
  const increment = fillIncrement(state, snap);
  if (!increment) return [];
  // Deterministic id: reconciling the same snapshot twice books the quantity once.
  const tradeId = `reconciled:${snap.brokerOrderId}:${snap.filledQuantity}`;
  return [
    { type: 'fill', orderId: state.orderId, ts, tradeId, qty: increment.quantity, price: increment.price },
  ];
}

/**
 * Events that bring our view of an order up to the broker's snapshot (updates missed while we were down), in the
 * order the state machine accepts them. Applying them one by one; a refused one is skipped.
 */
export function reconcileEvents(state: OrderState, snap: BrokerOrderSnapshot, ts: number): OrderEvent[] {
  const { orderId } = state;
  const events: OrderEvent[] = [];
  if (state.status === 'pending' && WORKING_AT_BROKER.has(snap.status)) {
    events.push({ type: 'accepted', orderId, ts, triggerPending: snap.status === 'trigger_pending' });
  }
  if (state.status === 'trigger_pending' && (snap.status === 'open' || snap.status === 'partially_filled')) {
    events.push({ type: 'triggered', orderId, ts });
  }
  if (state.status === 'cancel_pending' || state.status === 'modify_pending') {
    events.push(...settleInFlight(state, snap, ts));
  } else if (WORKING_AT_BROKER.has(snap.status)) {
    const modified = modifiedFrom(state, snap, ts);
    if (Object.keys(modified).length > 3) events.push(modified);
  }
  events.push(...missingFill(state, snap, ts));
  if (snap.status === 'cancelled')
    events.push({ type: 'cancelled', orderId, ts, reason: 'Cancelled at the broker' });
  if (snap.status === 'rejected') {
    events.push({ type: 'rejected', orderId, ts, reason: snap.rejectedReason ?? 'Rejected by the broker' });
  }
  return events;
}
