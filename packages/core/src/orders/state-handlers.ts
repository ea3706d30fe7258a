import type { OrderError, OrderState } from './order-state';
import type { OrderEvent, OrderEventType, WorkingStatus } from './order-status';

// One reducer per event type. Each computes where the order lands; `applyOrderEvent` then checks that landing
// against the transition table, so a handler bug cannot produce an unlisted transition.

export type Handled = OrderState | OrderError;
type Handler<T extends OrderEventType> = (
  order: OrderState,
  event: Extract<OrderEvent, { type: T }>,
) => Handled;

const error = (code: OrderError['code'], message: string): OrderError => ({ code, message });

const isInFlight = (order: OrderState) =>
  order.status === 'modify_pending' || order.status === 'cancel_pending';

/** The working status an order has (or will return to) given its fills. */
const workingStatus = (order: OrderState): WorkingStatus => {
  const base = isInFlight(order) ? (order.statusBeforeRequest ?? 'open') : order.status;
  if (order.filledQuantity > 0) return 'partially_filled';
  return base === 'partially_filled' ? 'open' : (base as WorkingStatus);
};

const fill: Handler<'fill'> = (order, { tradeId, qty, price }) => {
  if (!Number.isInteger(qty) || qty <= 0)
    return error('invalid_fill', 'Fill quantity must be a positive whole number');
  if (!Number.isFinite(price) || price <= 0)
    return error('invalid_fill', 'Fill price must be a positive number');
  if (order.tradeIds.includes(tradeId)) return error('duplicate_fill', `Trade ${tradeId} is already booked`);
  const filledQuantity = order.filledQuantity + qty;
  if (filledQuantity > order.quantity) {
    return error('overfill', `Fill of ${qty} takes ${order.orderId} past its quantity ${order.quantity}`);
  }
  const filledValuePaise = order.filledValuePaise + Math.round(price * 100) * qty;
  const next: OrderState = {
    ...order,
    filledQuantity,
    filledValuePaise,
    averagePrice: filledValuePaise / filledQuantity / 100,
    tradeIds: [...order.tradeIds, tradeId],
  };
  if (filledQuantity === order.quantity) return { ...next, status: 'complete', statusBeforeRequest: null };
  // A partial fill of a cancelled order (the race) leaves it cancelled; in flight, it updates the status to return to.
  if (order.status === 'cancelled') return next;
  if (isInFlight(order)) return { ...next, statusBeforeRequest: 'partially_filled' };
  return { ...next, status: 'partially_filled' };
};

const accepted: Handler<'accepted'> = (order, { triggerPending }) => {
  const status = triggerPending ? 'trigger_pending' : 'open';
  return order.status === 'cancel_pending' ? { ...order, statusBeforeRequest: status } : { ...order, status };
};

const triggered: Handler<'triggered'> = (order) => {
  if (!isInFlight(order)) return { ...order, status: 'open' };
  const before = order.statusBeforeRequest === 'trigger_pending' ? 'open' : order.statusBeforeRequest;
  return { ...order, statusBeforeRequest: before };
};

// Any event-specific data is irrelevant here, so the handler takes the order alone (fits both request events).
const request =
  (status: 'modify_pending' | 'cancel_pending') =>
  (order: OrderState): Handled => ({
    ...order,
    status,
    statusBeforeRequest: isInFlight(order) ? order.statusBeforeRequest : workingStatus(order),
  });

const cancelRejected: Handler<'cancel_rejected'> = (order) => ({
  ...order,
  status: workingStatus(order),
  statusBeforeRequest: null,
});

// A modify refused after a cancel went out changes nothing: the cancel is still in flight.
const modifyRejected: Handler<'modify_rejected'> = (order, event) =>
  order.status === 'cancel_pending' ? order : cancelRejected(order, { ...event, type: 'cancel_rejected' });

const modified: Handler<'modified'> = (order, { quantity, price, triggerPrice }) => {
  if (
    quantity !== undefined &&
    (!Number.isInteger(quantity) || quantity <= 0 || quantity < order.filledQuantity)
  ) {
    return error(
      'invalid_modification',
      `Quantity must be a whole number of at least ${Math.max(1, order.filledQuantity)}`,
    );
  }
  for (const value of [price, triggerPrice]) {
    if (value !== undefined && value !== null && !(Number.isFinite(value) && value > 0)) {
      return error('invalid_modification', 'Prices must be positive numbers');
    }
  }
  const next: OrderState = {
    ...order,
    quantity: quantity ?? order.quantity,
    price: price === undefined ? order.price : price,
    triggerPrice: triggerPrice === undefined ? order.triggerPrice : triggerPrice,
  };
  if (next.filledQuantity > 0 && next.filledQuantity === next.quantity) {
    return { ...next, status: 'complete', statusBeforeRequest: null };
  }
  if (order.status === 'cancel_pending') return next;
  return { ...next, status: workingStatus(next), statusBeforeRequest: null };
};

const cancelled: Handler<'cancelled'> = (order, { reason }) => ({
  ...order,
  status: 'cancelled',
  statusBeforeRequest: null,
  cancelReason: reason ?? null,
});

const expired: Handler<'expired'> = (order) => ({
  ...order,
  status: 'cancelled',
  statusBeforeRequest: null,
  cancelReason: 'expired',
});

const rejected: Handler<'rejected'> = (order, { reason }) => ({
  ...order,
  status: 'rejected',
  statusBeforeRequest: null,
  rejectedReason: reason,
});

export const EVENT_HANDLERS: { [T in OrderEventType]: Handler<T> } = {
  accepted,
  triggered,
  fill,
  modify_requested: request('modify_pending'),
  modified,
  modify_rejected: modifyRejected,
  cancel_requested: request('cancel_pending'),
  cancelled,
  cancel_rejected: cancelRejected,
  rejected,
  expired,
};
