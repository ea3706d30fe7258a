import { describe, expect, it } from 'vitest';
import {
  applyOrderEvent,
  canCancel,
  canModify,
  isFinalStatus,
  isOpenStatus,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from './state';
import { type EventInput, ev, fresh, orderOf, run } from './testing/state-test-kit';

describe('order lifecycle', () => {
  it.each<[string, EventInput[], OrderStatus]>([
    ['acknowledged', [{ type: 'accepted' }], 'open'],
    ['stop-loss acknowledged', [{ type: 'accepted', triggerPending: true }], 'trigger_pending'],
    ['triggered', [{ type: 'accepted', triggerPending: true }, { type: 'triggered' }], 'open'],
    ['rejected', [{ type: 'rejected', reason: 'RMS: margin' }], 'rejected'],
    [
      'partly filled',
      [{ type: 'accepted' }, { type: 'fill', tradeId: 't1', qty: 65, price: 100 }],
      'partially_filled',
    ],
    [
      'fully filled in two trades',
      [
        { type: 'accepted' },
        { type: 'fill', tradeId: 't1', qty: 65, price: 100 },
        { type: 'fill', tradeId: 't2', qty: 65, price: 101 },
      ],
      'complete',
    ],
    ['filled before the ack', [{ type: 'fill', tradeId: 't1', qty: 130, price: 100 }], 'complete'],
    [
      'SL triggered and filled at once',
      [
        { type: 'accepted', triggerPending: true },
        { type: 'fill', tradeId: 't', qty: 130, price: 99 },
      ],
      'complete',
    ],
    ['cancelled', [{ type: 'accepted' }, { type: 'cancel_requested' }, { type: 'cancelled' }], 'cancelled'],
    [
      'cancelled by the broker',
      [{ type: 'accepted' }, { type: 'cancelled', reason: 'circuit' }],
      'cancelled',
    ],
    ['expired', [{ type: 'accepted' }, { type: 'expired' }], 'cancelled'],
    ['modify pending', [{ type: 'accepted' }, { type: 'modify_requested' }], 'modify_pending'],
    [
      'modified',
      [{ type: 'accepted' }, { type: 'modify_requested' }, { type: 'modified', price: 101 }],
      'open',
    ],
  ])('%s -> %s', (_name, events, status) => {
    expect(orderOf(run(events)).status).toBe(status);
  });

  it('keeps the exact average of the fills', () => {
    const order = orderOf(
      run([
        { type: 'accepted' },
        { type: 'fill', tradeId: 't1', qty: 10, price: 100.05 },
        { type: 'fill', tradeId: 't2', qty: 20, price: 100.1 },
      ]),
    );
    expect(order.filledValuePaise).toBe(10 * 10005 + 20 * 10010);
    expect(order.averagePrice).toBe(300250 / 30 / 100);
    expect(order.filledQuantity).toBe(30);
    expect(order.tradeIds).toEqual(['t1', 't2']);
  });

  it('records reasons and the time of the last event', () => {
    const rejected = orderOf(run([{ type: 'rejected', reason: 'Insufficient funds' }]));
    expect(rejected.rejectedReason).toBe('Insufficient funds');
    expect(rejected.updatedAt).toBe(2);
    expect(orderOf(run([{ type: 'accepted' }, { type: 'expired' }])).cancelReason).toBe('expired');
  });
});

describe('refusals', () => {
  it('refuses an event for another order', () => {
    const result = applyOrderEvent(fresh(), { type: 'accepted', orderId: 'other', ts: 2 });
    expect(result).toEqual({
      ok: false,
      error: { code: 'order_id_mismatch', message: 'Event for order other applied to order ord-1' },
    });
  });

  it.each<[string, EventInput[], string]>([
    [
      'a duplicate trade id',
      [
        { type: 'accepted' },
        { type: 'fill', tradeId: 't1', qty: 65, price: 1 },
        { type: 'fill', tradeId: 't1', qty: 65, price: 1 },
      ],
      'duplicate_fill',
    ],
    [
      'a fill beyond the quantity',
      [{ type: 'accepted' }, { type: 'fill', tradeId: 't1', qty: 131, price: 1 }],
      'overfill',
    ],
    [
      'a zero fill',
      [{ type: 'accepted' }, { type: 'fill', tradeId: 't1', qty: 0, price: 1 }],
      'invalid_fill',
    ],
    [
      'a fractional fill',
      [{ type: 'accepted' }, { type: 'fill', tradeId: 't1', qty: 1.5, price: 1 }],
      'invalid_fill',
    ],
    [
      'a NaN price',
      [{ type: 'accepted' }, { type: 'fill', tradeId: 't1', qty: 1, price: Number.NaN }],
      'invalid_fill',
    ],
    [
      'a fill of a complete order',
      [
        { type: 'fill', tradeId: 't1', qty: 130, price: 1 },
        { type: 'fill', tradeId: 't2', qty: 1, price: 1 },
      ],
      'illegal_transition',
    ],
    [
      'a fill of a rejected order',
      [
        { type: 'rejected', reason: 'x' },
        { type: 'fill', tradeId: 't1', qty: 1, price: 1 },
      ],
      'illegal_transition',
    ],
    [
      'cancelling a cancelled order',
      [{ type: 'cancelled' }, { type: 'cancel_requested' }],
      'illegal_transition',
    ],
    ['modifying a pending order', [{ type: 'modify_requested' }], 'illegal_transition'],
    ['a trigger of an open order', [{ type: 'accepted' }, { type: 'triggered' }], 'illegal_transition'],
    [
      'a modify below the filled quantity',
      [
        { type: 'accepted' },
        { type: 'fill', tradeId: 't', qty: 65, price: 1 },
        { type: 'modified', quantity: 60 },
      ],
      'invalid_modification',
    ],
    [
      'a negative modified price',
      [{ type: 'accepted' }, { type: 'modified', price: -1 }],
      'invalid_modification',
    ],
  ])('refuses %s', (_name, events, code) => {
    const result = run(events);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });

  it('never mutates the order it is given', () => {
    const order = orderOf(run([{ type: 'accepted' }]));
    const snapshot = JSON.parse(JSON.stringify(order));
    applyOrderEvent(order, ev({ type: 'fill', tradeId: 't1', qty: 65, price: 100 }));
    expect(order).toEqual(snapshot);
  });
});

describe('predicates', () => {
  it.each<[OrderStatus, boolean, boolean, boolean]>([
    ['pending', true, false, true],
    ['open', true, true, true],
    ['trigger_pending', true, true, true],
    ['partially_filled', true, true, true],
    ['modify_pending', true, false, true],
    ['cancel_pending', true, false, false],
    ['complete', false, false, false],
    ['cancelled', false, false, false],
    ['rejected', false, false, false],
  ])('%s: open %s, modify %s, cancel %s', (status, open, modify, cancel) => {
    expect(isOpenStatus(status)).toBe(open);
    expect(isFinalStatus({ status })).toBe(!open);
    expect(canModify(status)).toBe(modify);
    expect(canCancel({ status })).toBe(cancel);
  });

  it('lists only known statuses in the table', () => {
    for (const targets of Object.values(ORDER_TRANSITIONS).flatMap((row) => Object.values(row))) {
      for (const target of targets ?? []) expect(ORDER_STATUSES).toContain(target);
    }
  });
});
