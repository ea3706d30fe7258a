import { roundMoney } from '@xtrader/core/orders/price-rules';
import { fromBrokerProduct, toBrokerProduct } from '@xtrader/core/orders/types';
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
import type { OrderReport } from '../live-kit/order-tracker';
import { pricedByOrderType } from '../live-kit/pricing';
import { marginOf, reportOf, snapshotOf } from '../live-kit/rows';
import type { KiteModifyParams, KitePlaceParams, KiteVariety } from './kite-api';
import type { KiteOrder, KitePosition } from './kite-schemas';
import { clientOrderIdOf, orderTag } from './tags';

// Translation between our broker commands/shapes and Kite Connect's. Rules a broker imposes
// (market protection, no stop-market on options) live in order-rules.ts; this file only renames and reshapes.

const SIDE_TO_KITE = { buy: 'BUY', sell: 'SELL' } as const;
const KITE_ORDER_TYPES: Record<KiteOrder['order_type'], BrokerOrderType> = {
  MARKET: 'market',
  LIMIT: 'limit',
  SL: 'stoploss',
  'SL-M': 'stoploss_market',
};

const isOption = (tradingSymbol: string) => /(CE|PE)$/.test(tradingSymbol);

type Pricing = Pick<
  PlaceOrderCommand,
  'orderType' | 'price' | 'triggerPrice' | 'side' | 'marketProtection' | 'tradingSymbol' | 'stopLimitOffset'
>;

/** The Kite order type and prices for one of ours. */
type KitePricing = Pick<KitePlaceParams, 'order_type' | 'price' | 'trigger_price' | 'market_protection'>;

function priced(cmd: Pricing): KitePricing {
  const protection = marketProtectionParam(cmd.marketProtection);
  // Exchanges refuse stop-market orders on options: they go out as the kit's stop-limit with a protective buffer.
  if (cmd.orderType === 'stoploss_market' && !isOption(cmd.tradingSymbol)) {
    return { order_type: 'SL-M', trigger_price: cmd.triggerPrice ?? 0, market_protection: protection };
  }
  return pricedByOrderType<KitePricing>(cmd, {
    market: () => ({ order_type: 'MARKET', market_protection: protection }),
    limit: (price) => ({ order_type: 'LIMIT', ...(price !== undefined ? { price } : {}) }),
    stopLimit: (trigger, price) => ({ order_type: 'SL', trigger_price: trigger, price }),
  });
}

/** `POST /orders/:variety` for one place command. */
export function toKitePlacement(
  cmd: PlaceOrderCommand,
  algoId?: string,
): { variety: KiteVariety; params: KitePlaceParams } {
  const tag = orderTag(cmd.clientOrderId);
  const params: KitePlaceParams = {
    exchange: cmd.exchange,
    tradingsymbol: cmd.tradingSymbol,
    transaction_type: SIDE_TO_KITE[cmd.side],
    quantity: cmd.quantity,
    product: toBrokerProduct(cmd.product),
    validity: 'DAY',
    ...priced(cmd),
    ...(tag ? { tag } : {}),
    ...(algoId ? { algo_id: algoId } : {}),
  };
  if (!cmd.iceberg) return { variety: 'regular', params };
  return {
    variety: 'iceberg',
    params: { ...params, iceberg_legs: cmd.iceberg.legs, iceberg_quantity: cmd.iceberg.legQuantity },
  };
}

/**
 * `PUT /orders/:variety/:id` fields for a change to an order we know as `current`. A stop-limit whose trigger moves
 * without a new price gets its buffer recomputed from the new trigger.
 */
export function toKiteModification(
  current: Pick<BrokerOrderSnapshot, 'orderType' | 'side' | 'tradingSymbol' | 'price' | 'triggerPrice'>,
  change: ModifyOrderCommand,
): KiteModifyParams {
  const orderType = change.orderType ?? current.orderType;
  const price = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const params: KiteModifyParams = priced({
    orderType,
    side: current.side,
    tradingSymbol: current.tradingSymbol,
    triggerPrice: change.triggerPrice ?? current.triggerPrice,
    marketProtection: undefined,
    ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
    ...(price !== undefined ? { price } : {}),
  });
  return change.quantity !== undefined ? { ...params, quantity: change.quantity } : params;
}

// Kite may report other products (CNC, MTF) on orders placed elsewhere; only MIS is intraday to us.
const fromKiteProduct = (product: string): ProductType =>
  fromBrokerProduct(product === 'MIS' ? 'MIS' : 'NRML');

const REPORT_STATUS: Record<string, OrderReport['status']> = {
  OPEN: 'open',
  // A postback's UPDATE: the order was modified or partly filled and still rests.
  UPDATE: 'open',
  'TRIGGER PENDING': 'trigger_pending',
  COMPLETE: 'complete',
  CANCELLED: 'cancelled',
  REJECTED: 'rejected',
};

/** A Kite order message as a broker-neutral report (every in-flight status says nothing new). */
export const toOrderReport = (order: KiteOrder): OrderReport =>
  reportOf({
    orderId: order.order_id,
    status: REPORT_STATUS[order.status] ?? 'in_flight',
    quantity: order.quantity,
    filledQuantity: order.filled_quantity,
    averagePrice: order.average_price,
    price: order.price,
    triggerPrice: order.trigger_price,
    message: order.status_message,
  });

/** When Kite last changed the order (epoch ms). */
export const kiteOrderTime = (order: KiteOrder, fallback: number): number =>
  order.exchange_update_timestamp ?? order.exchange_timestamp ?? order.order_timestamp ?? fallback;

/** One order-book row as our snapshot. */
export const fromKiteOrder = (order: KiteOrder, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(order), {
    clientOrderId: clientOrderIdOf(order.tag),
    tradingSymbol: order.tradingsymbol,
    side: order.transaction_type === 'BUY' ? 'buy' : 'sell',
    orderType: KITE_ORDER_TYPES[order.order_type],
    product: fromKiteProduct(order.product),
    updatedTs: kiteOrderTime(order, now),
  });

/** Net positions in the products we trade (NRML, MIS). */
export function fromKitePositions(rows: readonly KitePosition[]): BrokerPosition[] {
  return rows
    .filter((row) => row.product === 'NRML' || row.product === 'MIS')
    .map((row) => ({
      tradingSymbol: row.tradingsymbol,
      internalToken: row.instrument_token,
      product: fromKiteProduct(row.product),
      quantity: row.quantity,
      buyQuantity: row.buy_quantity,
      sellQuantity: row.sell_quantity,
      buyValue: roundMoney(row.buy_value),
      sellValue: roundMoney(row.sell_value),
      lastTradedPrice: row.last_price,
    }));
}

/** Equity-segment margins: available is Kite's `net`, utilised its `debits`; total is their sum. */
export const fromKiteMargin = ({ net, debits }: { net: number; debits: number }): BrokerMargin =>
  marginOf(net, debits);
