import { describe, expect, it } from 'vitest';
import {
  cancelAllOrdersRequestSchema,
  cancelMultipleOrdersRequestSchema,
  exitPositionParamsSchema,
  exitPositionRequestSchema,
  modifyOrderRequestSchema,
  placeOrderRequestSchema,
  trailStopLossRequestSchema,
} from './orders';

const market = {
  exchange: 'NFO',
  internalToken: 'NFO:NIFTY26NOV26000CE',
  quantity: 650,
  transactionType: 'buy',
  product: 'NRML',
  orderType: 'market',
};
const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('place order body', () => {
  it('fills the fixed fields and reads NRML as normal', () => {
    expect(placeOrderRequestSchema.parse(market)).toEqual({
      ...market,
      product: 'normal',
      slice: 0,
      validity: 'day',
      variety: 'regular',
      orderCategory: 'single',
      ocoOrderUnit: 'points',
      trailingEnabled: false,
      brokerTrailing: true,
      tradeConfirmation: false,
    });
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 'quantity', 'Quantity should be greater than 0'],
    ['negative quantity', { quantity: -65 }, 'quantity', 'Quantity should be greater than 0'],
    ['fractional quantity', { quantity: 6.5 }, 'quantity', 'Quantity must be a whole number'],
    [
      'a limit order without price',
      { orderType: 'limit' },
      'triggerPrice',
      'Invalid price - price should be greater than 0.05.',
    ],
    [
      'a price under 0.05',
      { orderType: 'limit', triggerPrice: 0.01 },
      'triggerPrice',
      'Invalid price - price should be greater than 0.05.',
    ],
    [
      'a price off the tick grid',
      { orderType: 'limit', triggerPrice: 100.02 },
      'triggerPrice',
      'Price must be a multiple of 0.05',
    ],
    [
      'a bracket without target',
      { orderCategory: 'oco', ocoOrderStoploss: 20 },
      'ocoOrderTarget',
      'Target points are required',
    ],
    [
      'a cover without stop-loss',
      { orderCategory: 'cover' },
      'ocoOrderStoploss',
      'Stop-loss points are required',
    ],
    [
      'broker trailing under 5',
      { trailingEnabled: true, changeInPrice: 2, changeInSL: 1 },
      'changeInPrice',
      'Price change should be at least 5',
    ],
    ['an unknown exchange', { exchange: 'NSE' }, 'exchange', undefined],
    ['an unknown product', { product: 'CNC' }, 'product', undefined],
    ['too many iceberg legs', { icebergLegs: 51 }, 'icebergLegs', undefined],
  ])('rejects %s naming the field', (_label, change, path, message) => {
    const result = placeOrderRequestSchema.safeParse({ ...market, ...change });
    expect(result.success).toBe(false);
    expect(paths(result)).toEqual([path]);
    if (message) expect(messages(result)).toEqual([message]);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'rejects a %d price or quantity',
    (n) => {
      expect(placeOrderRequestSchema.safeParse({ ...market, quantity: n }).success).toBe(false);
      expect(
        placeOrderRequestSchema.safeParse({ ...market, orderType: 'limit', triggerPrice: n }).success,
      ).toBe(false);
    },
  );

  it('accepts a bracket, a local trail and a stop-loss order', () => {
    const bracket = { ...market, orderCategory: 'oco', ocoOrderStoploss: 20, ocoOrderTarget: 40 };
    expect(placeOrderRequestSchema.safeParse(bracket).success).toBe(true);
    const trail = {
      ...market,
      trailingEnabled: true,
      brokerTrailing: false,
      changeInPrice: 1,
      changeInSL: 1,
    };
    expect(placeOrderRequestSchema.safeParse(trail).success).toBe(true);
    expect(
      placeOrderRequestSchema.safeParse({ ...market, orderType: 'stoploss', triggerPrice: 125.05 }).success,
    ).toBe(true);
  });
});

describe('other order bodies', () => {
  it('needs something to modify', () => {
    expect(modifyOrderRequestSchema.safeParse({ triggerPrice: 101.5 }).success).toBe(true);
    expect(paths(modifyOrderRequestSchema.safeParse({}))).toEqual(['triggerPrice']);
    expect(messages(modifyOrderRequestSchema.safeParse({ triggerPrice: 0 }))).toEqual([
      'Invalid price - price should be greater than 0.05.',
    ]);
  });

  it('checks trailing against the chosen handler', () => {
    expect(
      trailStopLossRequestSchema.safeParse({ brokerTrailing: true, changeInPrice: 5, changeInSL: 1 }).success,
    ).toBe(true);
    expect(
      paths(trailStopLossRequestSchema.safeParse({ brokerTrailing: true, changeInPrice: 4, changeInSL: 1 })),
    ).toEqual(['changeInPrice']);
    expect(
      trailStopLossRequestSchema.safeParse({ brokerTrailing: false, changeInPrice: 1, changeInSL: 1 })
        .success,
    ).toBe(true);
  });

  it('refuses to exit nothing', () => {
    expect(messages(exitPositionRequestSchema.safeParse({ quantity: 0, marketProtection: 0.1 }))).toEqual([
      'No position to exit!',
    ]);
    expect(exitPositionRequestSchema.safeParse({ quantity: -65, marketProtection: 0 }).success).toBe(true);
    expect(exitPositionRequestSchema.safeParse({ quantity: 65, marketProtection: 10 }).success).toBe(false);
    expect(
      exitPositionParamsSchema.parse({ tradingSymbol: 'NIFTY26NOV26000CE', productType: 'MIS' }).productType,
    ).toBe('intraday');
  });

  it('defaults cancel-all to everything and refuses an empty multi-cancel', () => {
    expect(cancelAllOrdersRequestSchema.parse({})).toEqual({ orderType: 'all', tradingSymbol: 'all' });
    expect(cancelMultipleOrdersRequestSchema.safeParse({ orderIds: [], internalOrderIds: [] }).success).toBe(
      false,
    );
    expect(cancelMultipleOrdersRequestSchema.parse({ internalOrderIds: ['i1'] })).toEqual({
      orderIds: [],
      internalOrderIds: ['i1'],
    });
  });
});
