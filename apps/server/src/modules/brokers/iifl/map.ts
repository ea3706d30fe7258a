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
import { marketProtectionParam } from '../live/order-rules';
import type { BrokerContract } from '../live-kit/instrument-master';
import { openApiPositionSides, openApiReport, parseOpenApiTime } from '../live-kit/open-api-rows';
import type { OrderReport } from '../live-kit/order-tracker';
import { type PricingCommand, pricedByOrderType } from '../live-kit/pricing';
import { marginOf, snapshotOf } from '../live-kit/rows';
import { statusWords } from '../live-kit/status-words';
import type { IiflModifyBody, IiflPlaceBody } from './iifl-api';
import type { IiflOrder, IiflPosition } from './iifl-schemas';

// Translation between our broker commands and IIFL Capital's order API. IIFL blocks bare stop-market
// orders, so a stop-market goes out as a stop-limit with the same protective buffer as on Kite; market orders
// carry the user's market protection when given.

const PRODUCT = { normal: 'NORMAL', intraday: 'INTRADAY' } as const;
const ORDER_TYPES: Record<string, BrokerOrderType> = {
  MARKET: 'market',
  LIMIT: 'limit',
  SL: 'stoploss',
  SLM: 'stoploss_market',
  'SL-M': 'stoploss_market',
};

type Pricing = Pick<IiflPlaceBody, 'orderType' | 'price' | 'slTriggerPrice' | 'marketProtectionPercent'>;

const priced = (cmd: PricingCommand): Pricing =>
  pricedByOrderType<Pricing>(cmd, {
    market: () => {
      const protection = marketProtectionParam(cmd.marketProtection);
      return { orderType: 'MARKET', ...(protection > 0 ? { marketProtectionPercent: protection } : {}) };
    },
    limit: (price) => ({ orderType: 'LIMIT', ...(price !== undefined ? { price } : {}) }),
    stopLimit: (trigger, price) => ({ orderType: 'SL', slTriggerPrice: trigger, price }),
  });

/**
 * The contract as IIFL's contract file lists it (its `instrumentId` and segment), our order id as IIFL's order tag
 * (up to 50 characters, so it always fits).
 */
export function toIiflPlacement(
  cmd: PlaceOrderCommand,
  contract: Pick<BrokerContract, 'instrumentId' | 'exchange'>,
): IiflPlaceBody {
  return {
    instrumentId: contract.instrumentId,
    exchange: contract.exchange === 'BSEFO' ? 'BSEFO' : 'NSEFO',
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

/** IIFL's status words (their case varies between its docs and its answers) where they differ from the kit's. */
const reportStatusOf = statusWords({ pending: 'open', new: 'open', failed: 'rejected' });

export const toOrderReport = (order: IiflOrder): OrderReport => openApiReport(order, reportStatusOf);

/** IIFL times as `YYYY-MM-DD HH:MM:SS` or `DD-MM-YYYY HH:MM:SS` in IST; undefined when unreadable. */
export const parseIiflTime = parseOpenApiTime;

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
    const { average, buyQuantity, sellQuantity, buyValue, sellValue } = openApiPositionSides(row, {
      buy: row.buyAveragePrice,
      sell: row.sellAveragePrice,
    });
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
