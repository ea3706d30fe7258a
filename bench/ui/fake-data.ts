// The bench's market: 200 option symbols, 100 positions on them, 200 pending orders on others, and the
// instruments the order panel needs. Numbers only have to look like a trading day; they are not priced.

const EXPIRY = '2026-11-24';
const STRIKE_BASE = 24_000;
const STRIKE_STEP = 50;
const LOT = 65;

export type Instrument = ReturnType<typeof instrument>;

function instrument(strike: number, type: 'CE' | 'PE') {
  const symbol = `NIFTY26N24${strike}${type}`;
  return {
    tradingsymbol: symbol,
    internalToken: `tok-${symbol}`,
    name: 'NIFTY',
    expiry: EXPIRY,
    strike,
    instrument_type: type,
    last_price: 100,
    tick_size: 0.05,
    lot_size: LOT,
    exchange: 'NFO',
    exchange_token: String(strike),
    identifier: `NIFTY 24 NOV ${strike} ${type}`,
    segment: 'NFO-OPT',
  };
}

/** 100 strikes x CE/PE = 200 symbols. */
export const INSTRUMENTS: Instrument[] = Array.from(
  { length: 100 },
  (_, i) => STRIKE_BASE + i * STRIKE_STEP,
).flatMap((strike) => [instrument(strike, 'CE'), instrument(strike, 'PE')]);
export const SYMBOLS = INSTRUMENTS.map((i) => i.tradingsymbol);

/** The strike the order panel trades: its symbols carry no other pending orders, so a new order is a new row. */
export const TRADED = { call: INSTRUMENTS[0]!, put: INSTRUMENTS[1]! };

const round = (value: number) => Math.round(value * 20) / 20;

/** 100 positions: the first 100 symbols, long and short. */
export function positions() {
  return INSTRUMENTS.slice(0, 100).map((inst, i) => {
    const quantity = (i % 2 === 0 ? 1 : -1) * LOT * (1 + (i % 3));
    const price = round(80 + (i % 40));
    return {
      internalToken: inst.internalToken,
      tradingSymbol: inst.tradingsymbol,
      exchange: 'NFO',
      index: 'NIFTY',
      identifier: inst.identifier,
      product: i % 4 === 0 ? 'MIS' : 'NRML',
      productType: i % 4 === 0 ? 'intraday' : 'normal',
      quantity,
      buyQuantity: quantity > 0 ? quantity : 0,
      sellQuantity: quantity < 0 ? -quantity : 0,
      buyValue: quantity > 0 ? quantity * price : 0,
      sellValue: quantity < 0 ? -quantity * price : 0,
      price,
      lastTradedPrice: price,
      delta: inst.instrument_type === 'CE' ? 0.5 : -0.5,
      relativeDelta: inst.instrument_type === 'CE' ? 0.5 : -0.5,
    };
  });
}

let orderSequence = 0;

/** A pending order of the read model (core `orderSchema`). */
export function order(inst: Instrument, patch: Record<string, unknown> = {}) {
  orderSequence += 1;
  return {
    orderId: `bench-${orderSequence}`,
    isInternal: false,
    time: new Date(Date.UTC(2026, 10, 20, 4, 0, orderSequence % 3600)).toISOString(),
    status: 'trigger_pending',
    orderCategory: 'single',
    orderType: 'stoploss',
    transactionType: 'sell',
    identifier: inst.identifier,
    exchange: 'NFO',
    product: 'NRML',
    productType: 'normal',
    tradingSymbol: inst.tradingsymbol,
    internalToken: inst.internalToken,
    quantity: LOT,
    filledQuantity: 0,
    price: 60,
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

/** 200 pending orders: a stop-loss and a target on each of 100 symbols other than the traded strike's. */
export function pendingOrders() {
  return INSTRUMENTS.slice(100, 200).flatMap((inst) => [
    order(inst),
    order(inst, { orderType: 'limit', price: 150 }),
  ]);
}

/** The persisted settings the dashboard starts from: the traded strike chosen, lot size known. */
export function tradingSettings(selectedTab: 'positions' | 'openOrders') {
  const { call, put } = TRADED;
  return {
    orderConfig: {
      index: 'NIFTY',
      expiry: EXPIRY,
      callStrike: call.strike,
      putStrike: put.strike,
      callTradingSymbol: call.tradingsymbol,
      callIdentifier: call.identifier,
      callInternalToken: call.internalToken,
      putTradingSymbol: put.tradingsymbol,
      putIdentifier: put.identifier,
      putInternalToken: put.internalToken,
      lotSize: LOT,
    },
    marketOrderState: { quantity: LOT },
    stopLossOrderState: { quantity: LOT },
    orderTableState: { selectedTab },
  };
}
