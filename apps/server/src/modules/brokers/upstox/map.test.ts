import { describe, expect, it } from 'vitest';
import { fromUpstoxOrder, fromUpstoxPosition, parseUpstoxTime, reportStatusOf } from './map';
import { type UpstoxOrder, upstoxOrderSchema, upstoxPositionSchema } from './upstox-schemas';

// Reading Upstox's rows: its status words, its IST times, order rows and position rows in our terms.

/** A row as Upstox sends it, read by our schema. */
const row = (change: Record<string, unknown> = {}): UpstoxOrder =>
  upstoxOrderSchema.parse({
    order_id: '250000000000001',
    status: 'open',
    instrument_token: 'NSE_FO|43919',
    trading_symbol: 'NIFTY 26000 CE 29 DEC 26',
    product: 'I',
    order_type: 'LIMIT',
    transaction_type: 'BUY',
    quantity: 130,
    filled_quantity: 65,
    price: 100,
    trigger_price: 0,
    average_price: 99.5,
    tag: 'XT1',
    order_timestamp: '2026-12-21 10:30:00',
    exchange_timestamp: '2026-12-21 10:30:02',
    ...change,
  });

describe('Upstox rows', () => {
  it.each([
    ['open', 'open'],
    ['trigger pending', 'trigger_pending'],
    ['Complete', 'complete'],
    ['cancelled', 'cancelled'],
    ['rejected', 'rejected'],
    ['put order req received', 'in_flight'],
    ['validation pending', 'in_flight'],
    ['modify pending', 'in_flight'],
    ['after market order req received', 'in_flight'],
  ])('reads the status %s as %s', (status, expected) => {
    expect(reportStatusOf(status)).toBe(expected);
  });

  it('reads times as IST', () => {
    expect(parseUpstoxTime('2026-12-21 10:30:02')).toBe(Date.parse('2026-12-21T10:30:02+05:30'));
    expect(parseUpstoxTime('')).toBeUndefined();
    expect(parseUpstoxTime(undefined)).toBeUndefined();
  });

  it('shows an order row in our terms, under our symbol when we list it', () => {
    expect(fromUpstoxOrder({ ...row(), ourSymbol: 'NIFTY26D2926000CE' }, 0)).toEqual({
      brokerOrderId: '250000000000001',
      clientOrderId: 'XT1',
      tradingSymbol: 'NIFTY26D2926000CE',
      side: 'buy',
      orderType: 'limit',
      product: 'intraday',
      quantity: 130,
      filledQuantity: 65,
      averagePrice: 99.5,
      status: 'partially_filled',
      price: 100,
      updatedTs: Date.parse('2026-12-21T10:30:02+05:30'),
    });
    expect(
      fromUpstoxOrder(
        row({ status: 'rejected', status_message: 'Margin exceeds', order_type: 'SL-M', product: 'D' }),
        0,
      ),
    ).toMatchObject({
      tradingSymbol: 'NIFTY 26000 CE 29 DEC 26',
      status: 'rejected',
      rejectedReason: 'Margin exceeds',
      orderType: 'stoploss_market',
      product: 'normal',
    });
  });

  it('derives buy and sell sides of a position from its day and overnight quantities', () => {
    const position = upstoxPositionSchema.parse({
      instrument_token: 'NSE_FO|43919',
      trading_symbol: 'NIFTY 26000 CE 29 DEC 26',
      product: 'D',
      quantity: -65,
      day_sell_quantity: 65,
      overnight_buy_quantity: 0,
      day_sell_value: 6500,
      average_price: 100,
      last_price: 98,
    });
    expect(fromUpstoxPosition(position, { symbol: undefined, internalToken: undefined })).toEqual({
      tradingSymbol: 'NIFTY 26000 CE 29 DEC 26',
      internalToken: 'NSE_FO|43919',
      product: 'normal',
      quantity: -65,
      buyQuantity: 0,
      sellQuantity: 65,
      buyValue: 0,
      sellValue: 6500,
      lastTradedPrice: 98,
      averagePrice: 100,
    });
  });
});
