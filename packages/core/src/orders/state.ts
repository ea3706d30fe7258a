import { ORDER_TRANSITIONS, type OrderEvent, type OrderStatus, type WorkingStatus } from './order-status';
import { EVENT_HANDLERS, type Handled } from './state-handlers';

export * from './order-status';

/** What the state machine knows about one order. Prices in rupees; the fill value is kept in exact paise. */
export interface OrderState {
  orderId: string;
  status: OrderStatus;
  quantity: number;
  filledQuantity: number;
  /** Sum of fill quantity x fill price, in paise (an exact integer, so the average never drifts). */
  filledValuePaise: number;
  /** filledValuePaise / filledQuantity in rupees; 0 before the first fill. */
  averagePrice: number;
  price: number | null;
  triggerPrice: number | null;
  /** Trade ids already booked; a fill repeating one is refused. */
  tradeIds: readonly string[];
  /** While a modify or cancel is in flight: the status to return to if the broker refuses it. */
  statusBeforeRequest: WorkingStatus | null;
  rejectedReason: string | null;
  /** Why it was cancelled when the broker said so, or 'expired' at the end of the day. */
  cancelReason: string | null;
  createdAt: number;
  updatedAt: number;
}

export type OrderErrorCode =
  | 'order_id_mismatch'
  | 'illegal_transition'
  | 'duplicate_fill'
  | 'overfill'
  | 'invalid_fill'
  | 'invalid_modification'
  | 'invalid_event';

export interface OrderError {
  code: OrderErrorCode;
  message: string;
}

export type ApplyResult = { ok: true; order: OrderState } | { ok: false; error: OrderError };

export interface NewOrder {
  orderId: string;
  quantity: number;
  price?: number | null;
  triggerPrice?: number | null;
  createdAt: number;
}

/** A freshly submitted order, status pending. */
export const createOrderState = ({
  orderId,
  quantity,
  price = null,
  triggerPrice = null,
  createdAt,
}: NewOrder): OrderState => ({
  orderId,
  status: 'pending',
  quantity,
  filledQuantity: 0,
  filledValuePaise: 0,
  averagePrice: 0,
  price,
  triggerPrice,
  tradeIds: [],
  statusBeforeRequest: null,
  rejectedReason: null,
  cancelReason: null,
  createdAt,
  updatedAt: createdAt,
});

const fail = (code: OrderErrorCode, message: string): ApplyResult => ({
  ok: false,
  error: { code, message },
});

/**
 * The only way an order's status changes. Returns the new order or a typed error; never throws and never mutates
 * its input. The transition table decides what is legal; the handler decides where exactly the order lands.
 */
export const applyOrderEvent = (order: OrderState, event: OrderEvent): ApplyResult => {
  if (event.orderId !== order.orderId) {
    return fail('order_id_mismatch', `Event for order ${event.orderId} applied to order ${order.orderId}`);
  }
  if (!Number.isFinite(event.ts)) return fail('invalid_event', 'Event time must be a finite epoch time');
  const allowed = ORDER_TRANSITIONS[order.status][event.type];
  if (!allowed) return fail('illegal_transition', `Cannot apply ${event.type} to a ${order.status} order`);
  const handled: Handled = EVENT_HANDLERS[event.type](order, event as never);
  if ('code' in handled) return { ok: false, error: handled };
  if (!allowed.includes(handled.status)) {
    return fail(
      'illegal_transition',
      `${event.type} cannot take a ${order.status} order to ${handled.status}`,
    );
  }
  return { ok: true, order: { ...handled, updatedAt: event.ts } };
};

/** Applies events in order, stopping at the first refusal. */
export const applyOrderEvents = (order: OrderState, events: readonly OrderEvent[]): ApplyResult => {
  let result: ApplyResult = { ok: true, order };
  for (const event of events) {
    if (!result.ok) return result;
    result = applyOrderEvent(result.order, event);
  }
  return result;
};
