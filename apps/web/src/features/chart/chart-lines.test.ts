import type { Position } from '@xtrader/core/api/portfolio';
import { describe, expect, it } from 'vitest';
import { orderFixture } from '../../test/trading-fixtures';
import { chartLines } from './chart-lines';

const SYMBOL = 'NIFTY26N2426000CE';
const position = (patch: Partial<Position>) =>
  ({ tradingSymbol: SYMBOL, product: 'NRML', price: 101.5, quantity: 65, ...patch }) as Position;

describe('chart lines', () => {
  it('draws the average price of a held position and each working order of the charted contract', () => {
    const lines = chartLines(
      SYMBOL,
      [
        orderFixture({ orderId: 'sl', orderType: 'stoploss', price: 90 }),
        orderFixture({ orderId: 'tgt', orderType: 'limit', price: 130, transactionType: 'sell' }),
        orderFixture({
          orderId: 'entry',
          orderType: 'limit',
          price: 95,
          transactionType: 'buy',
          filledQuantity: 15,
        }),
        orderFixture({ orderId: 'mkt', orderType: 'market', price: null }),
        orderFixture({ orderId: 'done', status: 'complete', price: 80 }),
        orderFixture({ orderId: 'other', tradingSymbol: 'NIFTY26N2426000PE', price: 70 }),
        orderFixture({ orderId: 'provisional:1', price: 85 }),
      ],
      [position({}), position({ tradingSymbol: 'OTHER' }), position({ quantity: 0 })],
      (order) => order.orderId.startsWith('provisional:'),
    );
    expect(lines.map(({ kind, price, title, orderId }) => ({ kind, price, title, orderId }))).toEqual([
      { kind: 'entry', price: 101.5, title: 'AVG +65', orderId: undefined },
      { kind: 'stop', price: 90, title: 'SL S 65', orderId: 'sl' },
      { kind: 'target', price: 130, title: 'TGT S 65', orderId: 'tgt' },
      { kind: 'entry', price: 95, title: 'LMT B 50', orderId: 'entry' },
    ]);
  });

  it('draws nothing for the index or before a strike is chosen', () => {
    expect(chartLines(null, [orderFixture({})], [position({})])).toEqual([]);
  });
});
