import { istEpochMs } from '@xtrader/core/market/dates';
import { MARKET_PROTECTION_DEFAULT_PERCENT } from '@xtrader/core/orders/constants';
import { roundMoney } from '@xtrader/core/orders/price-rules';
import type {
  BrokerMargin,
  BrokerOrderSnapshot,
  BrokerOrderType,
  BrokerPosition,
  ModifyOrderCommand,
  PlaceOrderCommand,
  ProductType,
} from '../broker';
import { marketProtectionParam, stopLimitPrice } from '../live/order-rules';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { OrderReport } from '../live-kit/order-tracker';
import { marginOf, reportOf, snapshotOf } from '../live-kit/rows';
import type { AliceLimits, AliceModifyBody, AlicePlaceBody } from './aliceblue-api';
import type { AliceOrder, AlicePosition } from './aliceblue-schemas';

// Translation between our broker commands and AliceBlue's open-api. Quantities are in units (AliceBlue refuses a
// quantity that is not a whole number of lots). Stop-losses go out as SL (stop-limit) with a protective limit:
// exchanges refuse stop-market orders on options. Market orders always carry market protection.

/** An order book row with our trading symbol, resolved through AliceBlue's instrument master. */
export type AliceRow = AliceOrder & { ourSymbol?: string | undefined };

/** What modify and cancel need to remember of an order. */
export type AliceKnown = Pick<
  BrokerOrderSnapshot,
  'orderType' | 'side' | 'tradingSymbol' | 'price' | 'triggerPrice' | 'quantity'
>;

const PRODUCT = { normal: 'NRML', intraday: 'INTRADAY' } as const;

const ORDER_TYPES: Record<string, BrokerOrderType> = {
  MARKET: 'market',
  MKT: 'market',
  LIMIT: 'limit',
  L: 'limit',
  SL: 'stoploss',
  SLM: 'stoploss_market',
  'SL-M': 'stoploss_market',
};

/** Prices as AliceBlue's clients send them: a string, "0" for none. */
const text = (value: number | undefined): string => (value === undefined ? '0' : String(value));

type Pricing = Pick<AlicePlaceBody, 'orderType' | 'price' | 'slTriggerPrice' | 'marketProtectionPercent'>;

function priced(
  cmd: Pick<
    PlaceOrderCommand,
    'orderType' | 'price' | 'triggerPrice' | 'side' | 'marketProtection' | 'stopLimitOffset'
  >,
): Pricing {
  switch (cmd.orderType) {
    case 'market': {
      // The user's percentage, else our default: AliceBlue wants a positive percentage, never Kite's -1.
      const own = marketProtectionParam(cmd.marketProtection);
      const protection = own > 0 ? own : MARKET_PROTECTION_DEFAULT_PERCENT;
      return {
        orderType: 'MARKET',
        price: '0',
        slTriggerPrice: '0',
        marketProtectionPercent: String(protection),
      };
    }
    case 'limit':
      return { orderType: 'LIMIT', price: text(cmd.price), slTriggerPrice: '0', marketProtectionPercent: '' };
    case 'stoploss':
    case 'stoploss_market': {
      const trigger = cmd.triggerPrice ?? 0;
      const own = cmd.orderType === 'stoploss' ? cmd.price : undefined;
      const limit = own ?? stopLimitPrice(trigger, cmd.side, cmd.marketProtection, cmd.stopLimitOffset);
      return {
        orderType: 'SL',
        price: text(limit),
        slTriggerPrice: text(trigger),
        marketProtectionPercent: '',
      };
    }
  }
}

/** One placement, with the broker's contract (instrument id, exchange) and our order id as its tag. */
export function toAlicePlacement(
  cmd: PlaceOrderCommand,
  contract: Pick<BrokerContract, 'instrumentId' | 'exchange'>,
  algoId: string | undefined,
): AlicePlaceBody {
  return {
    exchange: contract.exchange,
    instrumentId: contract.instrumentId,
    transactionType: cmd.side === 'buy' ? 'BUY' : 'SELL',
    quantity: cmd.quantity,
    product: PRODUCT[cmd.product],
    orderComplexity: 'REGULAR',
    validity: 'DAY',
    disclosedQuantity: '0',
    ...priced(cmd),
    orderTag: cmd.clientOrderId,
    ...(algoId ? { algoId } : {}),
  };
}

/** A modification: AliceBlue wants the whole order again (quantity, type, prices) with its id. */
export function toAliceModification(
  brokerOrderId: string,
  current: AliceKnown,
  change: ModifyOrderCommand,
): AliceModifyBody {
  const price = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const triggerPrice = change.triggerPrice ?? current.triggerPrice;
  const {
    orderType,
    price: sentPrice,
    slTriggerPrice,
  } = priced({
    orderType: change.orderType ?? current.orderType,
    side: current.side,
    ...(triggerPrice !== undefined ? { triggerPrice } : {}),
    ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
    ...(price !== undefined ? { price } : {}),
  });
  return {
    brokerOrderId,
    quantity: change.quantity ?? current.quantity,
    orderType,
    price: sentPrice,
    slTriggerPrice,
    validity: 'DAY',
    disclosedQuantity: '0',
  };
}

const REPORT_STATUS: Record<string, OrderReport['status']> = {
  open: 'open',
  pending: 'open',
  new: 'open',
  replaced: 'open',
  modified: 'open',
  partially_filled: 'open',
  'partially filled': 'open',
  trigger_pending: 'trigger_pending',
  'trigger pending': 'trigger_pending',
  complete: 'complete',
  completed: 'complete',
  filled: 'complete',
  executed: 'complete',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  rejected: 'rejected',
};

/** AliceBlue's status words (lower or upper case); anything else (validation pending ...) is still in flight. */
const reportStatusOf = (status: string): OrderReport['status'] =>
  REPORT_STATUS[status.trim().toLowerCase()] ?? 'in_flight';

export const toOrderReport = (order: AliceOrder): OrderReport =>
  reportOf({
    orderId: order.brokerOrderId,
    status: reportStatusOf(order.orderStatus),
    quantity: order.quantity,
    filledQuantity: order.filledQuantity,
    averagePrice: order.averageTradedPrice,
    price: order.price,
    triggerPrice: order.slTriggerPrice,
    message: order.rejectionReason,
  });

/** AliceBlue times (IST) as `YYYY-MM-DD HH:MM:SS`, `DD-MM-YYYY HH:MM:SS` or `DD/MM/YYYY HH:MM:SS`. */
export function parseAliceTime(value: string | undefined): number | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value ?? '');
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4}) (\d{2}):(\d{2}):(\d{2})/.exec(value ?? '');
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : dmy
      ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]]
      : undefined;
  if (!parts) return undefined;
  const [y, m, d, hh, mm, ss] = parts as string[];
  return istEpochMs(`${y}-${m}-${d}`, Number(hh), Number(mm), Number(ss));
}

export const aliceEventTs = (row: AliceOrder, receivedTs: number): number =>
  parseAliceTime(row.exchangeUpdateTime ?? row.orderTime) ?? receivedTs;

const fromProduct = (product: string): ProductType =>
  ['INTRADAY', 'MIS'].includes(product.toUpperCase()) ? 'intraday' : 'normal';

export const fromAliceOrder = (row: AliceRow, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(row), {
    clientOrderId: row.orderTag ?? undefined,
    tradingSymbol: row.ourSymbol ?? row.tradingSymbol ?? row.formattedInstrumentName ?? '',
    side: row.transactionType === 'BUY' ? 'buy' : 'sell',
    orderType: ORDER_TYPES[row.orderType] ?? 'limit',
    product: fromProduct(row.product),
    updatedTs: aliceEventTs(row, now),
  });

/** What modify and cancel remember of a row. */
export const knownOf = (row: AliceRow, now: number): AliceKnown => {
  const { orderType, side, tradingSymbol, price, triggerPrice, quantity } = fromAliceOrder(row, now);
  return {
    orderType,
    side,
    tradingSymbol,
    quantity,
    ...(price !== undefined ? { price } : {}),
    ...(triggerPrice !== undefined ? { triggerPrice } : {}),
  };
};

/**
 * Net positions. `symbolOf` turns AliceBlue's instrument id into our contract (symbol and internal token); buy and
 * sell values are used when present, else derived from quantities and the day's averages.
 */
export function fromAlicePosition(
  row: AlicePosition,
  ours: { tradingSymbol: string; internalToken: string } | undefined,
): BrokerPosition {
  const buyQuantity = row.buyQuantity ?? Math.max(0, row.netQuantity);
  const sellQuantity = row.sellQuantity ?? Math.max(0, -row.netQuantity);
  const average = row.netAveragePrice ?? 0;
  const buyValue = row.buyValue ?? buyQuantity * (row.dayBuyPrice ?? average);
  const sellValue = row.sellValue ?? sellQuantity * (row.daySellPrice ?? average);
  return {
    tradingSymbol: ours?.tradingSymbol ?? row.tradingSymbol ?? '',
    internalToken: ours?.internalToken ?? row.instrumentId ?? '',
    product: fromProduct(row.product),
    quantity: row.netQuantity,
    buyQuantity,
    sellQuantity,
    buyValue: roundMoney(buyValue),
    sellValue: roundMoney(sellValue),
    lastTradedPrice: row.ltp ?? average,
    ...(row.netQuantity !== 0 && average > 0 ? { averagePrice: average } : {}),
  };
}

/** Available is AliceBlue's trading limit, utilised its utilised margin; total is their sum. */
export const fromAliceLimits = (limits: AliceLimits): BrokerMargin =>
  marginOf(limits.tradingLimit, limits.utilizedMargin);
