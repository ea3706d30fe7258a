import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyOrderEvent,
  createOrderState,
  isFinalStatus,
  ORDER_TRANSITIONS,
  type OrderEvent,
} from './state';

const ID = 'ord-1';
type EventInput = OrderEvent extends infer E
  ? E extends OrderEvent
    ? Omit<E, 'orderId' | 'ts'>
    : never
  : never;

describe('random event sequences (property)', () => {
  const eventArb: fc.Arbitrary<EventInput & { wrongId: boolean }> = fc
    .oneof(
      fc.record({ type: fc.constant('accepted' as const), triggerPending: fc.boolean() }),
      fc.record({ type: fc.constant('triggered' as const) }),
      fc.record({
        type: fc.constant('fill' as const),
        tradeId: fc.constantFrom('t1', 't2', 't3', 't4', 't5', 't6'),
        qty: fc.integer({ min: 1, max: 80 }),
        price: fc.integer({ min: 1, max: 5000 }).map((ticks) => ticks / 20),
      }),
      fc.record({ type: fc.constant('modify_requested' as const) }),
      fc.record({
        type: fc.constant('modified' as const),
        quantity: fc.option(fc.integer({ min: 1, max: 200 }), { nil: undefined }),
      }),
      fc.record({ type: fc.constant('modify_rejected' as const), reason: fc.constant('no') }),
      fc.record({ type: fc.constant('cancel_requested' as const) }),
      fc.record({ type: fc.constant('cancelled' as const) }),
      fc.record({ type: fc.constant('cancel_rejected' as const), reason: fc.constant('no') }),
      fc.record({ type: fc.constant('rejected' as const), reason: fc.constant('no') }),
      fc.record({ type: fc.constant('expired' as const) }),
    )
    .chain((e) => fc.boolean().map((wrong) => ({ ...e, wrongId: wrong && Math.random() < 0.1 })));

  it('never reaches an illegal state, never overfills, and final states absorb all but the late fill', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.array(eventArb, { maxLength: 40 }),
        (quantity, inputs) => {
          let order = createOrderState({ orderId: ID, quantity, createdAt: 0 });
          const booked = new Map<string, number>();
          inputs.forEach(({ wrongId, ...input }, i) => {
            const event = { ...input, orderId: wrongId ? 'x' : ID, ts: i + 1 } as OrderEvent;
            const result = applyOrderEvent(order, event);
            if (wrongId) expect(result.ok).toBe(false);
            if (isFinalStatus(order) && !(order.status === 'cancelled' && event.type === 'fill')) {
              expect(result.ok).toBe(false);
            }
            if (!result.ok) return;
            const next = result.order;
            expect(ORDER_TRANSITIONS[order.status][event.type]).toContain(next.status);
            if (event.type === 'fill') {
              expect(booked.has(event.tradeId)).toBe(false);
              booked.set(event.tradeId, event.qty);
            }
            order = next;
            const filled = [...booked.values()].reduce((a, b) => a + b, 0);
            expect(order.filledQuantity).toBe(filled);
            expect(order.filledQuantity).toBeLessThanOrEqual(order.quantity);
            expect(order.status === 'complete').toBe(filled > 0 && filled === order.quantity);
            if (order.status === 'partially_filled') expect(filled).toBeGreaterThan(0);
            const inFlight = order.status === 'modify_pending' || order.status === 'cancel_pending';
            expect(order.statusBeforeRequest !== null).toBe(inFlight);
            if (filled > 0) expect(order.averagePrice).toBe(order.filledValuePaise / filled / 100);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
