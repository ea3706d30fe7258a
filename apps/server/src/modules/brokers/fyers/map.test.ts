import { istEpochMs } from '@xtrader/core/market/dates';
import { describe, expect, it } from 'vitest';
import type { PlaceOrderCommand } from '../broker';
import type { FyersOrder } from './fyers-schemas';
import {
  fromFyersFunds,
  fromFyersOrder,
  fromFyersPosition,
  parseFyersTime,
  toFyersModification,
  toFyersPlacement,
  toOrderReport,
} from './map';
import { clientOrderIdOfFyersTag, fyersOrderTag } from './tags';

const SYMBOL = 'NSE:NIFTY26D0126000CE';
const command = (change: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  clientOrderId: 'XT0123456789-1',
  tradingSymbol: 'NIFTY26D0126000CE',
  internalToken: '12073986',
  exchange: 'NFO',
  side: 'buy',
  quantity: 65,
  product: 'intraday',
  orderType: 'limit',
  price: 100,
  ...change,
});

describe('Fyers placements', () => {
  it.each([
    ['market', { orderType: 'market', marketProtection: 3 }, { type: 2, limitPrice: 0, stopPrice: 0 }],
    ['limit', {}, { type: 1, limitPrice: 100, stopPrice: 0 }],
    [
      'stop-limit',
      { orderType: 'stoploss', side: 'sell', triggerPrice: 90, price: 89 },
      { type: 4, stopPrice: 90, limitPrice: 89, side: -1 },
    ],
    [
      'stop-market as stop-limit with a protective limit',
      { orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 },
      { type: 4, stopPrice: 90, limitPrice: 87.3, side: -1 },
    ],
    ['normal as MARGIN', { product: 'normal' }, { productType: 'MARGIN' }],
  ] as const)('%s', (_name, change, expected) => {
    expect(toFyersPlacement(command(change as Partial<PlaceOrderCommand>), SYMBOL)).toEqual(
      expect.objectContaining({
        symbol: SYMBOL,
        qty: 65,
        side: 1,
        productType: 'INTRADAY',
        validity: 'DAY',
        offlineOrder: false,
        orderTag: 'XT0123456789x1',
        ...expected,
      }),
    );
  });

  it('moves a stop-limit with its buffer, and reprices a limit order', () => {
    const stop = {
      orderType: 'stoploss',
      side: 'sell',
      tradingSymbol: 'X',
      price: 88,
      triggerPrice: 90,
    } as const;
    expect(toFyersModification('7', stop, { triggerPrice: 80 })).toEqual({
      id: '7',
      type: 4,
      stopPrice: 80,
      limitPrice: 77.6,
    });
    const limit = { orderType: 'limit', side: 'buy', tradingSymbol: 'X', price: 90 } as const;
    expect(toFyersModification('8', limit, { price: 89, quantity: 130 })).toEqual({
      id: '8',
      type: 1,
      limitPrice: 89,
      stopPrice: 0,
      qty: 130,
    });
  });
});

describe('Fyers order tags', () => {
  it('carries our ids as alphanumeric tags and reads them back, prefixed or not', () => {
    expect(fyersOrderTag('XT0123456789-12S')).toBe('XT0123456789x12S');
    expect(clientOrderIdOfFyersTag('1:XT0123456789x12S')).toBe('XT0123456789-12S');
    expect(clientOrderIdOfFyersTag('XT0123456789T')).toBe('XT0123456789T');
    expect(clientOrderIdOfFyersTag('2:Untagged')).toBeUndefined();
    expect(fyersOrderTag('not ours!')).toBeUndefined();
  });
});

const row = (change: Partial<FyersOrder> = {}): FyersOrder & { ourSymbol: string | undefined } => ({
  id: '26112400000001',
  symbol: SYMBOL,
  status: 6,
  type: 4,
  side: -1,
  productType: 'INTRADAY',
  qty: 65,
  filledQty: 0,
  remainingQuantity: 65,
  limitPrice: 88,
  stopPrice: 90,
  tradedPrice: 0,
  message: '',
  orderTag: '1:XT0123456789S',
  orderDateTime: '24-Nov-2026 10:15:02',
  ourSymbol: 'NIFTY26D0126000CE',
  ...change,
});

describe('Fyers order book rows', () => {
  it('reads a pending stop as trigger pending, with our id, symbol and the IST time', () => {
    expect(fromFyersOrder(row(), 0)).toEqual({
      brokerOrderId: '26112400000001',
      clientOrderId: 'XT0123456789S',
      tradingSymbol: 'NIFTY26D0126000CE',
      side: 'sell',
      orderType: 'stoploss',
      product: 'intraday',
      quantity: 65,
      filledQuantity: 0,
      averagePrice: 0,
      status: 'trigger_pending',
      price: 88,
      triggerPrice: 90,
      updatedTs: istEpochMs('2026-11-24', 10, 15, 2),
    });
    expect(parseFyersTime('bad')).toBeUndefined();
  });

  it.each([
    [1, 'cancelled'],
    [2, 'complete'],
    [4, 'in_flight'],
    [5, 'rejected'],
    [7, 'cancelled'],
  ] as const)('status %i is %s', (status, expected) => {
    expect(toOrderReport(row({ status })).status).toBe(expected);
  });

  it('keeps the reason of an order Fyers or the exchange ended', () => {
    expect(toOrderReport(row({ status: 5, message: 'RED:Price outside the band' })).message).toBe(
      'RED:Price outside the band',
    );
    expect(toOrderReport(row({ status: 7, message: '' })).message).toBe('Expired at Fyers');
  });
});

describe('Fyers positions and funds', () => {
  it('maps a net position to our symbol and token', () => {
    expect(
      fromFyersPosition(
        {
          symbol: SYMBOL,
          productType: 'MARGIN',
          netQty: 65,
          buyQty: 65,
          buyVal: 7832.5,
          netAvg: 120.5,
          ltp: 121,
        } as never,
        { tradingSymbol: 'NIFTY26D0126000CE', internalToken: '12073986' },
      ),
    ).toEqual({
      tradingSymbol: 'NIFTY26D0126000CE',
      internalToken: '12073986',
      product: 'normal',
      quantity: 65,
      buyQuantity: 65,
      sellQuantity: 0,
      buyValue: 7832.5,
      sellValue: 0,
      lastTradedPrice: 121,
      averagePrice: 120.5,
    });
  });

  it('reads Available Balance and Utilized Amount', () => {
    expect(
      fromFyersFunds([
        { id: 2, title: 'Utilized Amount', equityAmount: 12500.5, commodityAmount: 0 },
        { id: 10, title: 'Available Balance', equityAmount: 250000, commodityAmount: 0 },
      ]),
    ).toEqual({ total: 262500.5, available: 250000, utilized: 12500.5 });
  });
});
