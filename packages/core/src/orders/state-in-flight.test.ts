import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './state';
import { type EventInput, orderOf, run } from './testing/state-test-kit';

describe('in-flight modify and cancel', () => {
  it.each<[string, EventInput[], OrderStatus]>([
    [
      'refused modify of an open order',
      [{ type: 'accepted' }, { type: 'modify_requested' }, { type: 'modify_rejected', reason: 'x' }],
      'open',
    ],
    [
      'refused modify of a trigger-pending order',
      [
        { type: 'accepted', triggerPending: true },
        { type: 'modify_requested' },
        { type: 'modify_rejected', reason: 'x' },
      ],
      'trigger_pending',
    ],
    [
      'refused cancel of a partly filled order',
      [
        { type: 'accepted' },
        { type: 'fill', tradeId: 't', qty: 65, price: 1 },
        { type: 'cancel_requested' },
        { type: 'cancel_rejected', reason: 'x' },
      ],
      'partially_filled',
    ],
    [
      'refused cancel after a fill in flight',
      [
        { type: 'accepted' },
        { type: 'cancel_requested' },
        { type: 'fill', tradeId: 't', qty: 65, price: 1 },
        { type: 'cancel_rejected', reason: 'x' },
      ],
      'partially_filled',
    ],
    [
      'refused cancel after a trigger in flight',
      [
        { type: 'accepted', triggerPending: true },
        { type: 'cancel_requested' },
        { type: 'triggered' },
        { type: 'cancel_rejected', reason: 'x' },
      ],
      'open',
    ],
    [
      'refused cancel requested before the ack',
      [{ type: 'cancel_requested' }, { type: 'accepted' }, { type: 'cancel_rejected', reason: 'x' }],
      'open',
    ],
    [
      'cancel while modifying, then refused',
      [
        { type: 'accepted' },
        { type: 'modify_requested' },
        { type: 'cancel_requested' },
        { type: 'cancel_rejected', reason: 'x' },
      ],
      'open',
    ],
    [
      'modify confirmed after the cancel went out',
      [
        { type: 'accepted' },
        { type: 'modify_requested' },
        { type: 'cancel_requested' },
        { type: 'modified', price: 99 },
      ],
      'cancel_pending',
    ],
    [
      'fill completing an order with a modify in flight',
      [
        { type: 'accepted' },
        { type: 'modify_requested' },
        { type: 'fill', tradeId: 't', qty: 130, price: 1 },
      ],
      'complete',
    ],
    [
      'modify cutting the quantity to the filled part',
      [
        { type: 'accepted' },
        { type: 'fill', tradeId: 't', qty: 65, price: 1 },
        { type: 'modify_requested' },
        { type: 'modified', quantity: 65 },
      ],
      'complete',
    ],
  ])('%s -> %s', (_name, events, status) => {
    const order = orderOf(run(events));
    expect(order.status).toBe(status);
    if (!['modify_pending', 'cancel_pending'].includes(status)) expect(order.statusBeforeRequest).toBeNull();
  });

  it('applies the modified fields', () => {
    const order = orderOf(
      run([
        { type: 'accepted', triggerPending: true },
        { type: 'modify_requested' },
        { type: 'modified', quantity: 195, triggerPrice: 80 },
      ]),
    );
    expect(order).toMatchObject({ status: 'trigger_pending', quantity: 195, triggerPrice: 80, price: 100 });
  });
});

describe('the cancelled-then-filled race', () => {
  it('books a late partial fill of a cancelled order and keeps it cancelled', () => {
    const order = orderOf(
      run([
        { type: 'accepted' },
        { type: 'cancel_requested' },
        { type: 'cancelled' },
        { type: 'fill', tradeId: 't', qty: 65, price: 100 },
      ]),
    );
    expect(order).toMatchObject({ status: 'cancelled', filledQuantity: 65, averagePrice: 100 });
  });

  it('completes a cancelled order when the late fill covers it all', () => {
    const order = orderOf(
      run([
        { type: 'accepted' },
        { type: 'cancelled' },
        { type: 'fill', tradeId: 't', qty: 130, price: 100 },
      ]),
    );
    expect(order.status).toBe('complete');
  });
});
