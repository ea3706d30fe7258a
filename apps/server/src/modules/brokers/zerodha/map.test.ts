import { describe, expect, it } from 'vitest';
import type { PlaceOrderCommand } from '../broker';
import { kiteOrderSchema } from './kite-schemas';
import { fromKiteMargin, fromKiteOrder, fromKitePositions, toKiteModification, toKitePlacement } from './map';

const base: PlaceOrderCommand = {
  clientOrderId: 'XT0123456789',
  tradingSymbol: 'NIFTY26D0126000CE',
  internalToken: '12073986',
  exchange: 'NFO',
  side: 'buy',
  quantity: 130,
  product: 'normal',
  orderType: 'market',
};

describe('place command -> Kite order', () => {
  it.each([
    [
      'market with the user protection',
      { marketProtection: 3 },
      { order_type: 'MARKET', market_protection: 3 },
    ],
    ['market without protection (automatic)', {}, { order_type: 'MARKET', market_protection: -1 }],
    ['limit', { orderType: 'limit', price: 101.5 }, { order_type: 'LIMIT', price: 101.5 }],
    [
      'stop-limit keeps its price',
      { orderType: 'stoploss', triggerPrice: 120, price: 121 },
      { order_type: 'SL', trigger_price: 120, price: 121 },
    ],
    [
      'stop-market on an option becomes stop-limit with the slab buffer (2% at 120)',
      { orderType: 'stoploss_market', triggerPrice: 120 },
      { order_type: 'SL', trigger_price: 120, price: 122.4 },
    ],
    [
      'sell stop-market on an option buffers below the trigger',
      { orderType: 'stoploss_market', side: 'sell', triggerPrice: 50 },
      { order_type: 'SL', trigger_price: 50, price: 48.5 },
    ],
    [
      'stop-market on an option uses the user protection when given',
      { orderType: 'stoploss_market', triggerPrice: 100, marketProtection: 5 },
      { order_type: 'SL', trigger_price: 100, price: 105 },
    ],
    [
      "stop-market on an option at the user's trigger/limit difference",
      {
        orderType: 'stoploss_market',
        side: 'sell',
        triggerPrice: 100,
        marketProtection: 10,
        stopLimitOffset: 1.5,
      },
      { order_type: 'SL', trigger_price: 100, price: 98.5 },
    ],
    [
      'stop-market on a future stays SL-M with market protection',
      { orderType: 'stoploss_market', tradingSymbol: 'NIFTY26DECFUT', triggerPrice: 26000 },
      { order_type: 'SL-M', trigger_price: 26000, market_protection: -1 },
    ],
  ] as const)('%s', (_name, change, expected) => {
    const { variety, params } = toKitePlacement({ ...base, ...change } as PlaceOrderCommand);
    expect(variety).toBe('regular');
    expect(params).toMatchObject(expected);
    if (expected.order_type !== 'LIMIT' && !('price' in expected)) expect(params.price).toBeUndefined();
  });

  it('sends the product, side, exchange, validity and our id as the tag', () => {
    const { params } = toKitePlacement({ ...base, product: 'intraday', side: 'sell', exchange: 'BFO' });
    expect(params).toMatchObject({
      product: 'MIS',
      transaction_type: 'SELL',
      exchange: 'BFO',
      validity: 'DAY',
      quantity: 130,
      tradingsymbol: 'NIFTY26D0126000CE',
      tag: 'XT0123456789',
    });
  });

  it('encodes workflow ids as alphanumeric tags and drops ids too long for Kite', () => {
    expect(toKitePlacement({ ...base, clientOrderId: 'XT0123456789-12T' }).params.tag).toBe(
      'XT0123456789x12T',
    );
    expect(toKitePlacement({ ...base, clientOrderId: 'XT0123456789-1-2-3-4-5' }).params.tag).toBeUndefined();
  });

  it('places an iceberg as the iceberg variety with legs and leg quantity', () => {
    const { variety, params } = toKitePlacement({
      ...base,
      orderType: 'limit',
      price: 80,
      quantity: 3900,
      iceberg: { legs: 3, legQuantity: 1300 },
    });
    expect(variety).toBe('iceberg');
    expect(params).toMatchObject({
      iceberg_legs: 3,
      iceberg_quantity: 1300,
      quantity: 3900,
      order_type: 'LIMIT',
    });
  });
});

describe('modification', () => {
  const resting = {
    orderType: 'stoploss' as const,
    side: 'sell' as const,
    tradingSymbol: base.tradingSymbol,
  };

  it('moves a stop-limit trigger and recomputes its buffer (3% slab at 90)', () => {
    expect(toKiteModification({ ...resting, price: 97, triggerPrice: 100 }, { triggerPrice: 90 })).toEqual({
      order_type: 'SL',
      trigger_price: 90,
      price: 87.3,
    });
  });

  it("moves a stop-limit trigger keeping the user's trigger/limit difference", () => {
    expect(
      toKiteModification(
        { ...resting, price: 98, triggerPrice: 100 },
        { triggerPrice: 101, stopLimitOffset: 3 },
      ),
    ).toEqual({ order_type: 'SL', trigger_price: 101, price: 98 });
  });

  it('keeps an explicit price and adds the quantity', () => {
    expect(
      toKiteModification(
        { ...resting, price: 97, triggerPrice: 100 },
        { price: 95, triggerPrice: 96, quantity: 65 },
      ),
    ).toEqual({ order_type: 'SL', trigger_price: 96, price: 95, quantity: 65 });
  });

  it('reprices a limit order', () => {
    expect(toKiteModification({ ...resting, orderType: 'limit', price: 97 }, { price: 99 })).toEqual({
      order_type: 'LIMIT',
      price: 99,
    });
  });
});

const row = (fields: Record<string, unknown>) =>
  kiteOrderSchema.parse({
    order_id: '151220000000001',
    status: 'OPEN',
    tradingsymbol: base.tradingSymbol,
    exchange: 'NFO',
    transaction_type: 'BUY',
    order_type: 'LIMIT',
    product: 'NRML',
    quantity: 130,
    filled_quantity: 0,
    price: 100,
    trigger_price: 0,
    average_price: 0,
    tag: 'XT0123456789x2',
    order_timestamp: '2026-11-23 09:30:00',
    exchange_update_timestamp: '2026-11-23 09:30:05',
    ...fields,
  });

describe('order book -> snapshots', () => {
  it.each([
    ['OPEN', 0, 'open'],
    ['OPEN', 65, 'partially_filled'],
    ['TRIGGER PENDING', 0, 'trigger_pending'],
    ['COMPLETE', 130, 'complete'],
    ['CANCELLED', 65, 'cancelled'],
    ['REJECTED', 0, 'rejected'],
    ['VALIDATION PENDING', 0, 'open'],
    ['MODIFY PENDING', 0, 'open'],
  ])('%s with %i filled is %s', (status, filled, expected) => {
    expect(fromKiteOrder(row({ status, filled_quantity: filled }), 0).status).toBe(expected);
  });

  it('maps ids, prices, times and the rejection reason', () => {
    const snap = fromKiteOrder(
      row({ status: 'REJECTED', status_message: 'Insufficient funds', order_type: 'SL', trigger_price: 99 }),
      0,
    );
    expect(snap).toMatchObject({
      brokerOrderId: '151220000000001',
      clientOrderId: 'XT0123456789-2',
      side: 'buy',
      orderType: 'stoploss',
      price: 100,
      triggerPrice: 99,
      product: 'normal',
      rejectedReason: 'Insufficient funds',
      updatedTs: Date.UTC(2026, 10, 23, 4, 0, 5),
    });
  });

  it('reads kiteconnect Date timestamps as IST wall clock whatever the server zone', () => {
    const parsed = row({ exchange_update_timestamp: new Date('2026-11-23 09:30:05') });
    expect(fromKiteOrder(parsed, 0).updatedTs).toBe(Date.UTC(2026, 10, 23, 4, 0, 5));
  });

  it('leaves orders placed outside the product without a client id', () => {
    expect(fromKiteOrder(row({ tag: 'web-order' }), 0).clientOrderId).toBeUndefined();
    expect(fromKiteOrder(row({ tag: null }), 0).clientOrderId).toBeUndefined();
  });
});

describe('positions and margins', () => {
  it('maps net positions of NRML and MIS, skipping other products', () => {
    const positions = fromKitePositions([
      {
        tradingsymbol: 'NIFTY26D0126000CE',
        exchange: 'NFO',
        instrument_token: '12073986',
        product: 'MIS',
        quantity: -65,
        last_price: 101.35,
        buy_quantity: 65,
        sell_quantity: 130,
        buy_value: 6500.004,
        sell_value: 13260,
      },
      {
        tradingsymbol: 'INFY',
        exchange: 'NSE',
        instrument_token: '408065',
        product: 'CNC',
        quantity: 1,
        last_price: 1500,
        buy_quantity: 1,
        sell_quantity: 0,
        buy_value: 1500,
        sell_value: 0,
      },
    ]);
    expect(positions).toEqual([
      {
        tradingSymbol: 'NIFTY26D0126000CE',
        internalToken: '12073986',
        product: 'intraday',
        quantity: -65,
        buyQuantity: 65,
        sellQuantity: 130,
        buyValue: 6500,
        sellValue: 13260,
        lastTradedPrice: 101.35,
      },
    ]);
  });

  it('keeps available + utilised = total', () => {
    expect(fromKiteMargin({ net: 99725.05, debits: 274.95 })).toEqual({
      total: 100000,
      available: 99725.05,
      utilized: 274.95,
    });
  });
});
