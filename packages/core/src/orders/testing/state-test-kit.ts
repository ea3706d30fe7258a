// Builders shared by the order state-machine tests: one order, events stamped with its id and a rising ts.
import {
  type ApplyResult,
  applyOrderEvents,
  createOrderState,
  type OrderEvent,
  type OrderState,
} from '../state';

const ID = 'ord-1';
export const fresh = (quantity = 130) =>
  createOrderState({ orderId: ID, quantity, price: 100, createdAt: 1 });
export type EventInput = OrderEvent extends infer E
  ? E extends OrderEvent
    ? Omit<E, 'orderId' | 'ts'>
    : never
  : never;
export const ev = (e: EventInput, ts = 2): OrderEvent => ({ ...e, orderId: ID, ts }) as OrderEvent;
export const run = (events: EventInput[], quantity = 130): ApplyResult =>
  applyOrderEvents(
    fresh(quantity),
    events.map((e, i) => ev(e, i + 2)),
  );
export const orderOf = (result: ApplyResult): OrderState => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.order;
};
