import { istEpochMs } from '@xtrader/core/market/dates';
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
import type { OrderReport } from '../live-kit/order-tracker';
import { marginOf, reportOf, snapshotOf } from '../live-kit/rows';
import type { IiflModifyBody, IiflPlaceBody } from './iifl-api';
import type { IiflOrder, IiflPosition } from './iifl-schemas';

// Translation between our broker commands and IIFL Capital's order API. IIFL blocks bare stop-market
// orders, so a stop-market goes out as a stop-limit with the same protective buffer as on Kite; market orders
// carry the user's market protection when given.

const SEGMENT_BITS = 256;

/**
 * IIFL's instrumentId is the exchange's own token; our internal token is Kite's instrument token, which is that
 * exchange token times 256 plus the segment.
 */
const exchangeTokenOf = (internalToken: string): string =>
  String(Math.floor(Number(internalToken) / SEGMENT_BITS));

const PRODUCT = { normal: 'NORMAL', intraday: 'INTRADAY' } as const;
const ORDER_TYPES: Record<string, BrokerOrderType> = {
  MARKET: 'market',
  LIMIT: 'limit',
  SL: 'stoploss',
  SLM: 'stoploss_market',
  'SL-M': 'stoploss_market',
};

type Pricing = Pick<IiflPlaceBody, 'orderType' | 'price' | 'slTriggerPrice' | 'marketProtectionPercent'>;

function priced(
  cmd: Pick<
    PlaceOrderCommand,
    'orderType' | 'price' | 'triggerPrice' | 'side' | 'marketProtection' | 'stopLimitOffset'
  >,
): Pricing {
  switch (cmd.orderType) {
    case 'market': {
      const protection = marketProtectionParam(cmd.marketProtection);
      return { orderType: 'MARKET', ...(protection > 0 ? { marketProtectionPercent: protection } : {}) };
    }
    case 'limit':
      return { orderType: 'LIMIT', ...(cmd.price !== undefined ? { price: cmd.price } : {}) };
    case 'stoploss':
    case 'stoploss_market': {
      const trigger = cmd.triggerPrice ?? 0;
      const own = cmd.orderType === 'stoploss' ? cmd.price : undefined;
      return {
        orderType: 'SL',
        slTriggerPrice: trigger,
        price: own ?? stopLimitPrice(trigger, cmd.side, cmd.marketProtection, cmd.stopLimitOffset),
      };
    }
  }
}

/** Our order id as IIFL's order tag (up to 50 characters, so it always fits). */
export function toIiflPlacement(cmd: PlaceOrderCommand): IiflPlaceBody {
  return {
    instrumentId: exchangeTokenOf(cmd.internalToken),
    exchange: cmd.exchange === 'BFO' ? 'BSEFO' : 'NSEFO',
    transactionType: cmd.side === 'buy' ? 'BUY' : 'SELL',
    quantity: cmd.quantity,
    orderComplexity: 'REGULAR',
    product: PRODUCT[cmd.product],
    validity: 'DAY',
    ...priced(cmd),
    orderTag: cmd.clientOrderId,
  };
}

export function toIiflModification(
  current: Pick<BrokerOrderSnapshot, 'orderType' | 'side' | 'price' | 'triggerPrice'>,
  change: ModifyOrderCommand,
): IiflModifyBody {
  const price = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const { marketProtectionPercent: _ignored, ...body } = priced({
    orderType: change.orderType ?? current.orderType,
    side: current.side,
    triggerPrice: change.triggerPrice ?? current.triggerPrice,
    ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
    ...(price !== undefined ? { price } : {}),
  });
  return change.quantity !== undefined ? { ...body, quantity: change.quantity } : body;
}

const REPORT_STATUS: Record<string, OrderReport['status']> = {
  open: 'open',
  pending: 'open',
  new: 'open',
  partially_filled: 'open',
  trigger_pending: 'trigger_pending',
  'trigger pending': 'trigger_pending',
  complete: 'complete',
  completed: 'complete',
  filled: 'complete',
  executed: 'complete',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  rejected: 'rejected',
  failed: 'rejected',
};

/** IIFL's status words vary in case between its docs and its answers. */
const reportStatusOf = (status: string): OrderReport['status'] =>
  REPORT_STATUS[status.trim().toLowerCase()] ?? 'in_flight';

export const toOrderReport = (order: IiflOrder): OrderReport =>
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

/** IIFL times as `YYYY-MM-DD HH:MM:SS` or `DD-MM-YYYY HH:MM:SS` in IST; undefined when unreadable. */
export function parseIiflTime(text: string | undefined): number | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  const dmy = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : dmy
      ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]]
      : undefined;
  if (!parts) return undefined;
  const [y, m, d, hh, mm, ss] = parts as string[];
  return istEpochMs(`${y}-${m}-${d}`, Number(hh), Number(mm), Number(ss));
}

const fromProduct = (product: string): ProductType =>
  product.toUpperCase() === 'INTRADAY' ? 'intraday' : 'normal';

export const fromIiflOrder = (order: IiflOrder, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(order), {
    clientOrderId: order.orderTag ?? undefined,
    tradingSymbol: order.tradingSymbol,
    side: order.transactionType === 'BUY' ? 'buy' : 'sell',
    orderType: ORDER_TYPES[order.orderType] ?? 'limit',
    product: fromProduct(order.product),
    updatedTs: parseIiflTime(order.exchangeUpdateTime ?? order.brokerUpdateTime) ?? now,
  });

/**
 * Net positions. IIFL's rows carry net quantity and average; buy and sell values are used when present, else
 * derived from quantities and averages.
 */
export function fromIiflPositions(
  rows: readonly IiflPosition[],
  tokenOf: (symbol: string) => string | undefined,
): BrokerPosition[] {
  return rows.map((row) => {
    const buyQuantity = row.buyQuantity ?? Math.max(0, row.netQuantity);
    const sellQuantity = row.sellQuantity ?? Math.max(0, -row.netQuantity);
    const average = row.netAveragePrice ?? 0;
    const buyValue = row.buyValue ?? buyQuantity * (row.buyAveragePrice ?? average);
    const sellValue = row.sellValue ?? sellQuantity * (row.sellAveragePrice ?? average);
    return {
      tradingSymbol: row.tradingSymbol,
      internalToken: tokenOf(row.tradingSymbol) ?? row.instrumentId ?? '',
      product: fromProduct(row.product),
      quantity: row.netQuantity,
      buyQuantity,
      sellQuantity,
      buyValue: roundMoney(buyValue),
      sellValue: roundMoney(sellValue),
      lastTradedPrice: row.ltp ?? average,
    };
  });
}

/** Available is IIFL's trading limit, utilised its utilised margin; total is their sum. */
export const fromIiflLimits = (limits: { tradingLimit: number; utilizedMargin: number }): BrokerMargin =>
  marginOf(limits.tradingLimit, limits.utilizedMargin);
