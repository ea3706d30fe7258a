import type { ApplyResult, OrderErrorCode, OrderState } from './order-state';
import { ORDER_TRANSITIONS, type OrderEvent } from './order-status';
import { EVENT_HANDLERS, type Handled } from './state-handlers';

export * from './order-state';
export * from './order-status';

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
