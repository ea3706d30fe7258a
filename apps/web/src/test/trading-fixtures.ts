import type { Order } from '@xtrader/core/api/orders';
import type { Position } from '@xtrader/core/api/portfolio';

// Factories for the trading tables' tests: a valid order or position with the fields a test cares about.

let sequence = 0;

export function orderFixture(patch: Partial<Order> = {}): Order {
  sequence += 1;
  return {
    orderId: `o${sequence}`,
    isInternal: false,
    time: new Date(Date.UTC(2026, 10, 20, 4, 0, sequence)).toISOString(),
    status: 'open',
    orderCategory: 'single',
    orderType: 'stoploss',
    transactionType: 'sell',
    identifier: 'NIFTY 24 NOV 26000 CE',
    exchange: 'NFO',
    product: 'NRML',
    productType: 'normal',
    tradingSymbol: 'NIFTY26N2426000CE',
    internalToken: 't-ce',
    quantity: 65,
    filledQuantity: 0,
    price: 90,
    averagePrice: null,
    stoploss: null,
    target: null,
    lastTradedPrice: 100,
    rejectedReason: null,
    isTrailing: false,
    brokerTrailing: true,
    changeInPrice: null,
    changeInSL: null,
    parentOrderId: null,
    ...patch,
  };
}

export function positionFixture(patch: Partial<Position> = {}): Position {
  return {
    internalToken: 't-ce',
    tradingSymbol: 'NIFTY26N2426000CE',
    exchange: 'NFO',
    index: 'NIFTY',
    identifier: 'NIFTY 24 NOV 26000 CE',
    product: 'NRML',
    productType: 'normal',
    quantity: 65,
    buyQuantity: 65,
    sellQuantity: 0,
    buyValue: 6500,
    sellValue: 0,
    price: 100,
    lastTradedPrice: 100,
    delta: 0.5,
    relativeDelta: 0.5,
    ...patch,
  };
}
