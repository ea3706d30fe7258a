import { describe, expect, it } from 'vitest';
import { type KiteOrder, kiteOrderSchema } from './kite-schemas';
import { KiteOrderTracker } from './order-tracker';

const order = (fields: Partial<Record<keyof KiteOrder, unknown>>): KiteOrder =>
  kiteOrderSchema.parse({
    order_id: '1',
    status: 'OPEN',
    tradingsymbol: 'NIFTY26D0126000CE',
    exchange: 'NFO',
    transaction_type: 'BUY',
    order_type: 'LIMIT',
    product: 'NRML',
    quantity: 130,
    filled_quantity: 0,
    price: 100,
    trigger_price: 0,
    average_price: 0,
    ...fields,
  });

describe('Kite order reports -> normalised events', () => {
  it('accepts once, books cumulative fills as deltas at their own price, and ignores repeats', () => {
    const tracker = new KiteOrderTracker();
    expect(tracker.events(order({ status: 'PUT ORDER REQ RECEIVED' }))).toEqual([]);
    expect(tracker.events(order({}))).toEqual([{ type: 'accepted', status: 'open' }]);
    expect(tracker.events(order({}))).toEqual([]);
    expect(tracker.events(order({ status: 'UPDATE', filled_quantity: 65, average_price: 100 }))).toEqual([
      { type: 'fill', tradeId: '1:65', quantity: 65, price: 100 },
    ]);
    const complete = order({ status: 'COMPLETE', filled_quantity: 130, average_price: 99.5 });
    expect(tracker.events(complete)).toEqual([{ type: 'fill', tradeId: '1:130', quantity: 65, price: 99 }]);
    expect(tracker.events(complete)).toEqual([]);
  });

  it('reports a stop as trigger pending, then triggered and filled', () => {
    const tracker = new KiteOrderTracker();
    const stop = { order_type: 'SL', trigger_price: 95, price: 96 };
    expect(tracker.events(order({ ...stop, status: 'TRIGGER PENDING' }))).toEqual([
      { type: 'accepted', status: 'trigger_pending' },
    ]);
    expect(
      tracker.events(order({ ...stop, status: 'COMPLETE', filled_quantity: 130, average_price: 96 })),
    ).toEqual([{ type: 'triggered' }, { type: 'fill', tradeId: '1:130', quantity: 130, price: 96 }]);
  });

  it('reports modifications of price, trigger and quantity', () => {
    const tracker = new KiteOrderTracker();
    tracker.events(order({ order_type: 'SL', trigger_price: 95, status: 'TRIGGER PENDING' }));
    expect(
      tracker.events(
        order({ order_type: 'SL', trigger_price: 90, price: 89, quantity: 65, status: 'TRIGGER PENDING' }),
      ),
    ).toEqual([{ type: 'modified', price: 89, triggerPrice: 90, quantity: 65 }]);
  });

  it('books the partial fill of a cancelled order before the cancellation', () => {
    const tracker = new KiteOrderTracker();
    tracker.events(order({}));
    expect(
      tracker.events(
        order({
          status: 'CANCELLED',
          filled_quantity: 65,
          average_price: 100,
          status_message: 'Cancelled by user',
        }),
      ),
    ).toEqual([
      { type: 'fill', tradeId: '1:65', quantity: 65, price: 100 },
      { type: 'cancelled', reason: 'Cancelled by user' },
    ]);
  });

  it('accepts before filling an order first seen complete, and rejects with the reason', () => {
    const tracker = new KiteOrderTracker();
    expect(tracker.events(order({ status: 'COMPLETE', filled_quantity: 130, average_price: 101 }))).toEqual([
      { type: 'accepted', status: 'open' },
      { type: 'fill', tradeId: '1:130', quantity: 130, price: 101 },
    ]);
    expect(
      tracker.events(order({ order_id: '2', status: 'REJECTED', status_message: 'Margin exceeds' })),
    ).toEqual([{ type: 'rejected', reason: 'Margin exceeds' }]);
  });

  it('emits nothing for what it was told it already knows', () => {
    const tracker = new KiteOrderTracker();
    tracker.remember(order({ status: 'OPEN', filled_quantity: 65, average_price: 100 }));
    expect(tracker.events(order({ status: 'OPEN', filled_quantity: 65, average_price: 100 }))).toEqual([]);
  });
});
