// The bench's market: option symbols, positions on the first of them, pending orders (two a symbol) on the
// others, and the instruments the order panel needs. Numbers only have to look like a trading day; they are not
// priced. The book's size comes from the command line (default 100 positions, 200 pending orders).

const EXPIRY = '2026-11-24';
const STRIKE_BASE = 24_000;
const STRIKE_STEP = 50;
const LOT = 65;

/** How many positions and pending orders the dashboard shows. */
export type BookSize = { positions: number; orders: number };
export const DEFAULT_BOOK: BookSize = { positions: 100, orders: 200 };

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

/** Enough strikes x CE/PE for the positions and, on other symbols, the pending orders (2,000 x ticks/s at 100/200). */
export function instrumentsFor(book: BookSize): Instrument[] {
  const symbols = book.positions + Math.ceil(book.orders / 2);
  return Array.from({ length: Math.ceil(symbols / 2) }, (_, i) => STRIKE_BASE + i * STRIKE_STEP).flatMap(
    (strike) => [instrument(strike, 'CE'), instrument(strike, 'PE')],
  );
}

/** The strike the order panel trades (the first): its symbols carry no other pending orders, so a new order is a new row. */
export const TRADED = { call: instrument(STRIKE_BASE, 'CE'), put: instrument(STRIKE_BASE, 'PE') };

const round = (value: number) => Math.round(value * 20) / 20;

/** One position on each of the first `book.positions` symbols, long and short. */
export function positions(instruments: readonly Instrument[], book: BookSize) {
  return instruments.slice(0, book.positions).map((inst, i) => {
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

/** `book.orders` pending orders: a stop-loss and a target on each symbol after the positions' ones. */
export function pendingOrders(instruments: readonly Instrument[], book: BookSize) {
  return instruments
    .slice(book.positions)
    .flatMap((inst) => [order(inst), order(inst, { orderType: 'limit', price: 150 })])
    .slice(0, book.orders);
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
