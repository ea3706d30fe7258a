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
import type { BrokerContract } from '../live-kit/instrument-master';
import type { OrderReport } from '../live-kit/order-tracker';
import { type PricingCommand, pricedByOrderType } from '../live-kit/pricing';
import { marginOf, reportOf, snapshotOf } from '../live-kit/rows';
import type { PlacedOrder } from '../live-kit/session';
import type { DhanModifyBody, DhanPlaceBody } from './dhan-api';
import type { DhanFunds, DhanOrder, DhanPosition } from './dhan-schemas';

// Translation between our broker commands and DhanHQ v2. Quantities are units (lots x lot size), as Dhan counts
// them. A stop-market goes out as a stop-limit (STOP_LOSS) with the same protective buffer as on Kite: exchanges
// refuse stop-market orders on options. A market order goes out as MARKET: Dhan itself turns API market orders into
// limit orders within its market price protection band, and takes no protection field.

const PRODUCT = { normal: 'MARGIN', intraday: 'INTRADAY' } as const;
const ORDER_TYPES: Record<string, BrokerOrderType> = {
  MARKET: 'market',
  LIMIT: 'limit',
  STOP_LOSS: 'stoploss',
  STOP_LOSS_MARKET: 'stoploss_market',
};

/** What modify and cancel need of an order: Dhan's modify names the type, quantity and validity again. */
export type DhanKnown = PlacedOrder & { quantity: number };

type Pricing = Pick<DhanPlaceBody, 'orderType' | 'price' | 'triggerPrice'>;

const priced = (cmd: PricingCommand): Pricing =>
  pricedByOrderType<Pricing>(cmd, {
    market: () => ({ orderType: 'MARKET' }),
    limit: (price) => ({ orderType: 'LIMIT', ...(price !== undefined ? { price } : {}) }),
    stopLimit: (trigger, price) => ({ orderType: 'STOP_LOSS', triggerPrice: trigger, price }),
  });

/** One placement: Dhan's security id and segment from its master, our order id as the correlation id. */
export function toDhanPlacement(
  cmd: PlaceOrderCommand,
  contract: BrokerContract,
  dhanClientId: string,
): DhanPlaceBody {
  return {
    dhanClientId,
    correlationId: cmd.clientOrderId,
    transactionType: cmd.side === 'buy' ? 'BUY' : 'SELL',
    exchangeSegment: contract.exchange === 'BSE_FNO' ? 'BSE_FNO' : 'NSE_FNO',
    productType: PRODUCT[cmd.product],
    validity: 'DAY',
    securityId: contract.instrumentId,
    quantity: cmd.quantity,
    ...priced(cmd),
    afterMarketOrder: false,
  };
}

/** A modification restates the order's type, quantity and prices; a moved stop keeps its buffer from the trigger. */
export function toDhanModification(
  orderId: string,
  current: DhanKnown,
  change: ModifyOrderCommand,
  dhanClientId: string,
): DhanModifyBody {
  const price = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const pricing = priced({
    orderType: change.orderType ?? current.orderType,
    side: current.side,
    triggerPrice: change.triggerPrice ?? current.triggerPrice,
    ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
    ...(price !== undefined ? { price } : {}),
  });
  return {
    dhanClientId,
    orderId,
    quantity: change.quantity ?? current.quantity,
    validity: 'DAY',
    ...pricing,
  };
}

const isStop = (orderType: string) => orderType === 'STOP_LOSS' || orderType === 'STOP_LOSS_MARKET';

/**
 * Dhan's order statuses: TRANSIT (not at the exchange yet), PENDING (a stop waiting for its trigger shows PENDING
 * too), PART_TRADED, TRADED, CANCELLED, REJECTED, EXPIRED (the day ended; cancelled by Dhan).
 */
function reportStatusOf(order: DhanOrder): OrderReport['status'] {
  switch (order.orderStatus.trim().toUpperCase()) {
    case 'PENDING':
      return isStop(order.orderType) && !(order.filledQty ?? 0) ? 'trigger_pending' : 'open';
    case 'PART_TRADED':
      return 'open';
    case 'TRADED':
      return 'complete';
    case 'CANCELLED':
    case 'EXPIRED':
      return 'cancelled';
    case 'REJECTED':
      return 'rejected';
    default:
      return 'in_flight';
  }
}

const reasonOf = (order: DhanOrder): string | undefined => {
  if (order.orderStatus.toUpperCase() === 'EXPIRED')
    return order.omsErrorDescription || 'Order expired at Dhan';
  return order.omsErrorDescription || undefined;
};

export const toOrderReport = (order: DhanOrder): OrderReport =>
  reportOf({
    orderId: order.orderId,
    status: reportStatusOf(order),
    quantity: order.quantity,
    filledQuantity: order.filledQty,
    averagePrice: order.averageTradedPrice,
    price: order.price,
    triggerPrice: order.triggerPrice,
    message: reasonOf(order),
  });

/** Dhan times as `YYYY-MM-DD HH:MM:SS` in IST; undefined when unreadable or Dhan's empty `0001-01-01 ...`. */
export function parseDhanTime(text: string | undefined): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  if (!m || Number(m[1]) < 2000) return undefined;
  return istEpochMs(`${m[1]}-${m[2]}-${m[3]}`, Number(m[4]), Number(m[5]), Number(m[6]));
}

export const dhanEventTs = (order: DhanOrder): number | undefined =>
  parseDhanTime(order.exchangeTime) ?? parseDhanTime(order.updateTime) ?? parseDhanTime(order.createTime);

const fromProduct = (product: string): ProductType =>
  product.toUpperCase() === 'INTRADAY' ? 'intraday' : 'normal';

/** An order-book row with our symbol of its contract, when our master lists it (resolved as the book is read). */
export type DhanRow = DhanOrder & { ourSymbol?: string | undefined };

export const fromDhanOrder = (order: DhanRow, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(order), {
    clientOrderId: order.correlationId || undefined,
    tradingSymbol: order.ourSymbol ?? order.tradingSymbol ?? order.securityId,
    side: order.transactionType.toUpperCase() === 'BUY' ? 'buy' : 'sell',
    orderType: ORDER_TYPES[order.orderType.toUpperCase()] ?? 'limit',
    product: fromProduct(order.productType),
    updatedTs: dhanEventTs(order) ?? now,
  });

export function knownOf(order: DhanRow, now: number): DhanKnown {
  const snapshot = fromDhanOrder(order, now);
  return {
    orderType: snapshot.orderType,
    side: snapshot.side,
    tradingSymbol: snapshot.tradingSymbol,
    quantity: order.quantity,
    ...(order.price ? { price: order.price } : {}),
    ...(order.triggerPrice ? { triggerPrice: order.triggerPrice } : {}),
  };
}

/** Net positions of the derivative segments, under our symbols where our master lists the contract. */
export function fromDhanPositions(
  rows: readonly DhanPosition[],
  ours: (securityId: string) => { tradingSymbol: string; internalToken: string } | undefined,
): BrokerPosition[] {
  return rows
    .filter((row) => row.exchangeSegment === undefined || /FNO/.test(row.exchangeSegment))
    .map((row) => {
      const buyQuantity = row.buyQty ?? Math.max(0, row.netQty);
      const sellQuantity = row.sellQty ?? Math.max(0, -row.netQty);
      const buyValue = row.dayBuyValue ?? buyQuantity * (row.buyAvg ?? 0);
      const sellValue = row.daySellValue ?? sellQuantity * (row.sellAvg ?? 0);
      const average = row.netQty > 0 ? row.buyAvg : row.netQty < 0 ? row.sellAvg : undefined;
      const our = ours(row.securityId);
      return {
        tradingSymbol: our?.tradingSymbol ?? row.tradingSymbol ?? row.securityId,
        internalToken: our?.internalToken ?? row.securityId,
        product: fromProduct(row.productType),
        quantity: row.netQty,
        buyQuantity,
        sellQuantity,
        buyValue: roundMoney(buyValue),
        sellValue: roundMoney(sellValue),
        // Dhan's position rows carry no last price: the average (or cost) stands in until the feed prices it.
        lastTradedPrice: average ?? row.costPrice ?? 0,
        ...(average !== undefined && row.netQty !== 0 ? { averagePrice: average } : {}),
      };
    });
}

/** Available is Dhan's available balance, utilised its utilised amount; total is their sum. */
export const fromDhanFunds = (funds: DhanFunds): BrokerMargin => marginOf(funds.available, funds.utilized);
