import { describe, expect, it } from 'vitest';
import { type OrderReport, OrderReportTracker } from './order-tracker';

const report = (fields: Partial<OrderReport>): OrderReport => ({
  orderId: '1',
  status: 'open',
  quantity: 130,
  filledQuantity: 0,
  averagePrice: 0,
  price: 100,
  ...fields,
});

describe('order reports -> normalised events', () => {
  it('accepts once, books cumulative fills as deltas at their own price, and ignores repeats', () => {
    const tracker = new OrderReportTracker('Zerodha');
    expect(tracker.events(report({ status: 'in_flight' }))).toEqual([]);
    expect(tracker.events(report({}))).toEqual([{ type: 'accepted', status: 'open' }]);
    expect(tracker.events(report({}))).toEqual([]);
    expect(tracker.events(report({ filledQuantity: 65, averagePrice: 100 }))).toEqual([
      { type: 'fill', tradeId: '1:65', quantity: 65, price: 100 },
    ]);
    const complete = report({ status: 'complete', filledQuantity: 130, averagePrice: 99.5 });
    expect(tracker.events(complete)).toEqual([{ type: 'fill', tradeId: '1:130', quantity: 65, price: 99 }]);
    expect(tracker.events(complete)).toEqual([]);
  });

  it('reports a stop as trigger pending, then triggered and filled', () => {
    const tracker = new OrderReportTracker('Zerodha');
    const stop = { triggerPrice: 95, price: 96 };
    expect(tracker.events(report({ ...stop, status: 'trigger_pending' }))).toEqual([
      { type: 'accepted', status: 'trigger_pending' },
    ]);
    expect(
      tracker.events(report({ ...stop, status: 'complete', filledQuantity: 130, averagePrice: 96 })),
    ).toEqual([{ type: 'triggered' }, { type: 'fill', tradeId: '1:130', quantity: 130, price: 96 }]);
  });

  it('reports a stop cancelled while waiting for its trigger as cancelled, not triggered', () => {
    const tracker = new OrderReportTracker('Flattrade');
    const stop = { triggerPrice: 95, price: 93 };
    tracker.events(report({ ...stop, status: 'trigger_pending' }));
    expect(tracker.events(report({ ...stop, status: 'cancelled', message: 'End of day' }))).toEqual([
      { type: 'cancelled', reason: 'End of day' },
    ]);
  });

  it('reports modifications of price, trigger and quantity', () => {
    const tracker = new OrderReportTracker('Zerodha');
    tracker.events(report({ triggerPrice: 95, status: 'trigger_pending' }));
    expect(
      tracker.events(report({ triggerPrice: 90, price: 89, quantity: 65, status: 'trigger_pending' })),
    ).toEqual([{ type: 'modified', price: 89, triggerPrice: 90, quantity: 65 }]);
  });

  it('books the partial fill of a cancelled order before the cancellation', () => {
    const tracker = new OrderReportTracker('Zerodha');
    tracker.events(report({}));
    expect(
      tracker.events(
        report({ status: 'cancelled', filledQuantity: 65, averagePrice: 100, message: 'Cancelled by user' }),
      ),
    ).toEqual([
      { type: 'fill', tradeId: '1:65', quantity: 65, price: 100 },
      { type: 'cancelled', reason: 'Cancelled by user' },
    ]);
  });

  it('accepts before filling an order first seen complete, and rejects with the reason or a default', () => {
    const tracker = new OrderReportTracker('IIFL');
    expect(tracker.events(report({ status: 'complete', filledQuantity: 130, averagePrice: 101 }))).toEqual([
      { type: 'accepted', status: 'open' },
      { type: 'fill', tradeId: '1:130', quantity: 130, price: 101 },
    ]);
    expect(tracker.events(report({ orderId: '2', status: 'rejected', message: 'Margin exceeds' }))).toEqual([
      { type: 'rejected', reason: 'Margin exceeds' },
    ]);
    expect(tracker.events(report({ orderId: '3', status: 'rejected' }))).toEqual([
      { type: 'rejected', reason: 'Rejected by IIFL' },
    ]);
  });

  it('emits nothing for what it was told it already knows', () => {
    const tracker = new OrderReportTracker('Zerodha');
    tracker.remember(report({ filledQuantity: 65, averagePrice: 100 }));
    expect(tracker.events(report({ filledQuantity: 65, averagePrice: 100 }))).toEqual([]);
  });
});
