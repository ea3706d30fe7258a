import { type IndexTable, isIndexName } from '@xtrader/core/market/indices';
import { MIN_PRICE, ORDER_MESSAGES, TICK_SIZE } from '@xtrader/core/orders/constants';
import { isOnTickGrid, isValidOrderPrice } from '@xtrader/core/orders/price-rules';
import { maxQuantityPerOrder } from '@xtrader/core/orders/quantity-rules';
import type { InstrumentDirectory, InstrumentRecord } from '../../instruments/contract';
import type { BrokerOrderType, PlaceOrderCommand, Side } from '../broker';
import { isStopOrder } from './paper-order';

// What the paper exchange refuses before an order ever rests, worded like Kite's InputException messages.
// Each check returns the reason, or undefined when the order passes.

export const PAPER_MESSAGES = {
  unknownInstrument: (symbol: string) => `Instrument not found: ${symbol}. Check the trading symbol.`,
  notTradable: (symbol: string) =>
    `${symbol} is an index and cannot be traded. Trade its options or futures.`,
  expired: (symbol: string) => `${symbol} has expired and can no longer be traded.`,
  notLotMultiple: (quantity: number, lot: number) =>
    `Order quantity ${quantity} should be a multiple of the lot size ${lot}.`,
  aboveFreeze: (quantity: number, lots: number, max: number, maxLots: number) =>
    `The order quantity ${quantity} (${lots} lots) is higher than the maximum quantity of ${max} (${maxLots} lots) allowed by the exchanges. Please use iceberg orders or split the order.`,
  priceRequired: 'Price is required for limit and stop-loss orders.',
  triggerRequired: 'Trigger price is required for stop-loss orders.',
  offTick: (what: string, value: number, tick: number) =>
    `${what} ${value} is not a multiple of the tick size ${tick}.`,
  buyTriggerAbovePrice: 'Trigger price for a buy stop-loss order should be less than or equal to the price.',
  sellTriggerBelowPrice:
    'Trigger price for a sell stop-loss order should be greater than or equal to the price.',
  quantityNotAboveFilled: (quantity: number, filled: number) =>
    `Order quantity ${quantity} should be more than the quantity already filled (${filled}).`,
  trailingNotStopLoss: 'Trailing is available only on stop-loss orders.',
  trailingParams: 'Trailing needs a price change and an SL change greater than 0, in steps of 0.05.',
} as const;

/** The order fields the price and quantity checks look at (a placement, or an order after a modification). */
export interface OrderTerms {
  side: Side;
  orderType: BrokerOrderType;
  quantity: number;
  price?: number | undefined;
  triggerPrice?: number | undefined;
  trailing?: { changeInPrice: number; changeInSL: number } | null | undefined;
}

/** Finds the instrument by token (then symbol) and refuses what cannot be traded now. */
export function resolveInstrument(
  cmd: Pick<PlaceOrderCommand, 'internalToken' | 'tradingSymbol'>,
  instruments: InstrumentDirectory,
  now: number,
): { ok: true; instrument: InstrumentRecord } | { ok: false; reason: string } {
  const instrument = instruments.byToken(cmd.internalToken) ?? instruments.bySymbol(cmd.tradingSymbol);
  if (!instrument) return { ok: false, reason: PAPER_MESSAGES.unknownInstrument(cmd.tradingSymbol) };
  if (instrument.instrument_type === 'INDEX') {
    return { ok: false, reason: PAPER_MESSAGES.notTradable(instrument.tradingsymbol) };
  }
  if (instruments.isExpired(instrument, now)) {
    return { ok: false, reason: PAPER_MESSAGES.expired(instrument.tradingsymbol) };
  }
  return { ok: true, instrument };
}

/** Lot multiple and freeze limit of the instrument's index. */
export function checkQuantity(
  quantity: number,
  instrument: InstrumentRecord,
  indexTable: IndexTable,
): string | undefined {
  if (!Number.isInteger(quantity) || quantity <= 0) return ORDER_MESSAGES.quantityNotPositive;
  const lot = instrument.lot_size > 0 ? instrument.lot_size : 1;
  if (quantity % lot !== 0) return PAPER_MESSAGES.notLotMultiple(quantity, lot);
  if (!isIndexName(instrument.name)) return undefined;
  const max = maxQuantityPerOrder(lot, indexTable[instrument.name].freezeQty);
  if (quantity > max) return PAPER_MESSAGES.aboveFreeze(quantity, quantity / lot, max, max / lot);
  return undefined;
}

const checkPrice = (what: string, value: number, tick: number): string | undefined => {
  if (!isValidOrderPrice(value)) return ORDER_MESSAGES.invalidPrice;
  if (!isOnTickGrid(value, tick)) return PAPER_MESSAGES.offTick(what, value, tick);
  return undefined;
};

const isStepOnGrid = (value: number) => Number.isFinite(value) && value > 0 && isOnTickGrid(value, TICK_SIZE);

/** Prices required by the order type, on the instrument's tick grid, and a sane stop-limit pair. */
function checkPrices(terms: OrderTerms, tick: number): string | undefined {
  const needsPrice = terms.orderType === 'limit' || terms.orderType === 'stoploss';
  if (needsPrice && terms.price === undefined) return PAPER_MESSAGES.priceRequired;
  if (isStopOrder(terms.orderType) && terms.triggerPrice === undefined) return PAPER_MESSAGES.triggerRequired;
  const priceError =
    needsPrice && terms.price !== undefined ? checkPrice('Price', terms.price, tick) : undefined;
  if (priceError) return priceError;
  if (isStopOrder(terms.orderType) && terms.triggerPrice !== undefined) {
    const triggerError = checkPrice('Trigger price', terms.triggerPrice, tick);
    if (triggerError) return triggerError;
  }
  if (terms.orderType === 'stoploss' && terms.price !== undefined && terms.triggerPrice !== undefined) {
    if (terms.side === 'buy' && terms.triggerPrice > terms.price) return PAPER_MESSAGES.buyTriggerAbovePrice;
    if (terms.side === 'sell' && terms.triggerPrice < terms.price)
      return PAPER_MESSAGES.sellTriggerBelowPrice;
  }
  return undefined;
}

export function checkTrailing(terms: OrderTerms): string | undefined {
  if (!terms.trailing) return undefined;
  if (!isStopOrder(terms.orderType)) return PAPER_MESSAGES.trailingNotStopLoss;
  if (!isStepOnGrid(terms.trailing.changeInPrice) || !isStepOnGrid(terms.trailing.changeInSL)) {
    return PAPER_MESSAGES.trailingParams;
  }
  return undefined;
}

/** Every input check of an order's terms on an instrument; the first failure's reason. */
export function checkTerms(
  terms: OrderTerms,
  instrument: InstrumentRecord,
  indexTable: IndexTable,
): string | undefined {
  const tick = instrument.tick_size > 0 ? instrument.tick_size : MIN_PRICE;
  return (
    checkQuantity(terms.quantity, instrument, indexTable) ?? checkPrices(terms, tick) ?? checkTrailing(terms)
  );
}
