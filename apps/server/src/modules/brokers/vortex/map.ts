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
import type { BrokerContract } from '../live-kit/instrument-master';
import type { OrderReport } from '../live-kit/order-tracker';
import { type PricingCommand, pricedByOrderType } from '../live-kit/pricing';
import { marginOf, reportOf, snapshotOf } from '../live-kit/rows';
import type { PlacedOrder } from '../live-kit/session';
import { statusWords } from '../live-kit/status-words';
import { fromVortexQuantity, toVortexQuantity } from './quantity';
import type { VortexExchange, VortexModifyBody, VortexPlaceBody } from './vortex-api';
import { vortexTokenOf } from './vortex-master';
import type { VortexFunds, VortexOrder, VortexPosition } from './vortex-schemas';

// Translation between our broker commands and Rupeezy's Vortex order API. Exchanges refuse stop-market orders on
// options, so a stop-market goes out as a stop-limit (`SL`) with a protective limit, as on the other brokers.
// Vortex has no market-protection or algo-id field on its order; market orders go out as `RL-MKT` with price 0.

/** What modify and cancel need of an order at Vortex: the order's terms plus its segment, lot and traded count. */
export interface VortexKnown extends PlacedOrder {
  exchange: VortexExchange;
  lotSize: number;
  /** Units. */
  quantity: number;
  /** Units traded so far (Vortex wants it on every modification). */
  filledQuantity: number;
}

const PRODUCT: Record<ProductType, VortexPlaceBody['product']> = { intraday: 'INTRADAY', normal: 'DELIVERY' };

const ORDER_TYPES: Record<string, BrokerOrderType> = {
  'RL-MKT': 'market',
  RL: 'limit',
  SL: 'stoploss',
  'SL-MKT': 'stoploss_market',
};

type Pricing = Pick<VortexPlaceBody, 'variety' | 'price' | 'trigger_price'>;

const priced = (cmd: PricingCommand): Pricing =>
  pricedByOrderType<Pricing>(cmd, {
    market: () => ({ variety: 'RL-MKT', price: 0, trigger_price: 0 }),
    limit: (price) => ({ variety: 'RL', price: price ?? 0, trigger_price: 0 }),
    stopLimit: (trigger, price) => ({ variety: 'SL', trigger_price: trigger, price }),
  });

const vortexExchangeOf = (contract: BrokerContract): VortexExchange =>
  contract.exchange === 'BSE_FO' ? 'BSE_FO' : 'NSE_FO';

/** A placement for the broker's contract of the command's symbol; our order id travels as `order_identifier`. */
export function toVortexPlacement(cmd: PlaceOrderCommand, contract: BrokerContract): VortexPlaceBody {
  const exchange = vortexExchangeOf(contract);
  return {
    exchange,
    token: vortexTokenOf(contract.instrumentId).token,
    transaction_type: cmd.side === 'buy' ? 'BUY' : 'SELL',
    product: PRODUCT[cmd.product],
    ...priced(cmd),
    quantity: toVortexQuantity(cmd.quantity, exchange, contract.lotSize),
    disclosed_quantity: 0,
    validity: 'DAY',
    validity_days: 1,
    is_amo: false,
    order_identifier: cmd.clientOrderId,
  };
}

/** What is known of an order just placed. */
export function knownOfPlacement(
  cmd: PlaceOrderCommand,
  contract: BrokerContract,
  body: VortexPlaceBody,
): VortexKnown {
  return {
    orderType: cmd.orderType,
    side: cmd.side,
    tradingSymbol: cmd.tradingSymbol,
    ...(body.price > 0 ? { price: body.price } : {}),
    ...(body.trigger_price > 0 ? { triggerPrice: body.trigger_price } : {}),
    exchange: body.exchange,
    lotSize: contract.lotSize,
    quantity: cmd.quantity,
    filledQuantity: 0,
  };
}

/** A modification: the whole order restated (Vortex's PUT takes every field) with the change applied. */
export function toVortexModification(current: VortexKnown, change: ModifyOrderCommand): VortexModifyBody {
  const price = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const pricing = priced({
    orderType: change.orderType ?? current.orderType,
    side: current.side,
    ...(price !== undefined ? { price } : {}),
    ...((change.triggerPrice ?? current.triggerPrice) !== undefined
      ? { triggerPrice: (change.triggerPrice ?? current.triggerPrice) as number }
      : {}),
    ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
  });
  const units = change.quantity ?? current.quantity;
  return {
    ...pricing,
    quantity: toVortexQuantity(units, current.exchange, current.lotSize),
    traded_quantity: toVortexQuantity(current.filledQuantity, current.exchange, current.lotSize),
    disclosed_quantity: 0,
    validity: 'DAY',
    validity_days: 1,
  };
}

/**
 * Vortex's status words where they differ from the kit's; OMSXMITTED / EXXMITTED (on the way to the exchange) and
 * unknown words are in flight.
 */
export const reportStatusOf = statusWords({
  PENDING: 'open',
  AMOACCEPTED: 'open',
  AMOWITHDRAWN: 'cancelled',
  OMSREJECT: 'rejected',
  ORDERERROR: 'rejected',
  ADMINREJECT: 'rejected',
});

const units = (order: VortexOrder, quantity: number | undefined) =>
  fromVortexQuantity(quantity ?? 0, order.exchange, order.lot_size);

export const toOrderReport = (order: VortexOrder): OrderReport =>
  reportOf({
    orderId: order.order_id,
    status: reportStatusOf(order.status),
    quantity: units(order, order.total_quantity),
    filledQuantity: units(order, order.traded_quantity),
    averagePrice: order.traded_price,
    price: order.order_price,
    triggerPrice: order.trigger_price,
    message: order.error_reason,
  });

const productOf = (product: string): ProductType =>
  product.toUpperCase() === 'INTRADAY' ? 'intraday' : 'normal';

/** A contract we cannot name in our terms keeps Vortex's own words, so it is still visible. */
const fallbackSymbol = (row: { exchange: string; token: string; symbol?: string | undefined }) =>
  `${row.symbol ?? 'UNKNOWN'} (${row.exchange} ${row.token})`;

export const fromVortexOrder = (order: VortexOrder, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(order), {
    clientOrderId: order.order_identifier ?? undefined,
    tradingSymbol: order.ourSymbol ?? fallbackSymbol(order),
    side: order.transaction_type === 'BUY' ? 'buy' : 'sell',
    orderType: ORDER_TYPES[order.variety] ?? 'limit',
    product: productOf(order.product),
    updatedTs: now,
  });

export const knownOfRow = (order: VortexOrder, now: number): VortexKnown => {
  const snapshot = fromVortexOrder(order, now);
  return {
    orderType: snapshot.orderType,
    side: snapshot.side,
    tradingSymbol: snapshot.tradingSymbol,
    ...(snapshot.price !== undefined ? { price: snapshot.price } : {}),
    ...(snapshot.triggerPrice !== undefined ? { triggerPrice: snapshot.triggerPrice } : {}),
    exchange: order.exchange === 'BSE_FO' ? 'BSE_FO' : 'NSE_FO',
    lotSize: order.lot_size && order.lot_size > 0 ? order.lot_size : 1,
    quantity: snapshot.quantity,
    filledQuantity: snapshot.filledQuantity,
  };
};

/** A net position row, with our symbol and internal token when our master lists the contract. */
export function fromVortexPosition(
  row: VortexPosition,
  ours: { tradingSymbol: string; internalToken: string } | undefined,
): BrokerPosition {
  const toUnits = (quantity: number | undefined) =>
    fromVortexQuantity(quantity ?? 0, row.exchange, row.lot_size);
  const quantity = toUnits(row.quantity);
  const buyQuantity = row.buy_quantity !== undefined ? toUnits(row.buy_quantity) : Math.max(0, quantity);
  const sellQuantity = row.sell_quantity !== undefined ? toUnits(row.sell_quantity) : Math.max(0, -quantity);
  const average = row.average_price ?? 0;
  return {
    tradingSymbol: ours?.tradingSymbol ?? fallbackSymbol(row),
    internalToken: ours?.internalToken ?? '',
    product: productOf(row.product),
    quantity,
    buyQuantity,
    sellQuantity,
    buyValue: roundMoney(row.buy_value ?? buyQuantity * (row.buy_price ?? average)),
    sellValue: roundMoney(row.sell_value ?? sellQuantity * (row.sell_price ?? average)),
    // Vortex's position rows carry no last price; the average stands in until the price feed marks it.
    lastTradedPrice: average,
    ...(quantity !== 0 ? { averagePrice: average } : {}),
  };
}

/** Available is the NSE bucket's net available; Vortex reports utilisation as a negative (a debit). */
export const fromVortexFunds = (funds: VortexFunds): BrokerMargin =>
  marginOf(funds.net_available, Math.abs(funds.total_utilization ?? 0));
