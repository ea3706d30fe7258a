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
import type { OrderReport } from '../live-kit/order-tracker';
import { type PricingCommand, pricedByOrderType } from '../live-kit/pricing';
import { marginOf, reportOf, snapshotOf } from '../live-kit/rows';
import type { PlacedOrder } from '../live-kit/session';
import type { FyersModifyBody, FyersPlaceBody } from './fyers-api';
import type { FyersFundLine, FyersOrder, FyersPosition } from './fyers-schemas';
import { clientOrderIdOfFyersTag, fyersOrderTag } from './tags';

// Translation between our broker commands and Fyers API v3 orders. Exchanges refuse stop-market orders on options,
// so every stop-loss goes out as a stop-limit (type 4) with the same protective limit as on the other brokers.
// Fyers' order API takes neither a market-protection percentage nor an exchange algo id (see README.md).

/** An order-book row with our trading symbol of its contract, when our master lists it. */
export type FyersRow = FyersOrder & { ourSymbol: string | undefined };

const PRODUCT = { normal: 'MARGIN', intraday: 'INTRADAY' } as const;
const TYPE_OF: Record<number, BrokerOrderType> = {
  1: 'limit',
  2: 'market',
  3: 'stoploss_market',
  4: 'stoploss',
};

type Pricing = Pick<FyersPlaceBody, 'type' | 'limitPrice' | 'stopPrice'>;

const priced = (cmd: PricingCommand): Pricing =>
  pricedByOrderType<Pricing>(cmd, {
    market: () => ({ type: 2, limitPrice: 0, stopPrice: 0 }),
    limit: (price) => ({ type: 1, limitPrice: price ?? 0, stopPrice: 0 }),
    stopLimit: (trigger, price) => ({ type: 4, stopPrice: trigger, limitPrice: price }),
  });

/** One placement, for the contract's Fyers symbol (`NSE:NIFTY25D0926000CE`); quantity in units, as Fyers counts. */
export function toFyersPlacement(cmd: PlaceOrderCommand, fyersSymbol: string): FyersPlaceBody {
  const tag = fyersOrderTag(cmd.clientOrderId);
  return {
    symbol: fyersSymbol,
    qty: cmd.quantity,
    ...priced(cmd),
    side: cmd.side === 'buy' ? 1 : -1,
    productType: PRODUCT[cmd.product],
    validity: 'DAY',
    disclosedQty: 0,
    offlineOrder: false,
    stopLoss: 0,
    takeProfit: 0,
    ...(tag ? { orderTag: tag } : {}),
  };
}

/** A modification: the order's type and both prices as they should now be (a moved stop keeps its buffer). */
export function toFyersModification(
  id: string,
  current: PlacedOrder,
  change: ModifyOrderCommand,
): FyersModifyBody {
  const price = change.price ?? (change.triggerPrice === undefined ? current.price : undefined);
  const trigger = change.triggerPrice ?? current.triggerPrice;
  const body = priced({
    orderType: change.orderType ?? current.orderType,
    side: current.side,
    ...(trigger !== undefined ? { triggerPrice: trigger } : {}),
    ...(change.stopLimitOffset !== undefined ? { stopLimitOffset: change.stopLimitOffset } : {}),
    ...(price !== undefined ? { price } : {}),
  });
  return { id, ...body, ...(change.quantity !== undefined ? { qty: change.quantity } : {}) };
}

const isStop = (type: number) => type === 3 || type === 4;

/** Fyers' status codes; a pending stop waits for its trigger (Fyers shows both as 6, pending). */
function reportStatusOf(order: FyersOrder): OrderReport['status'] {
  switch (order.status) {
    case 1:
    case 7:
      return 'cancelled';
    case 2:
      return 'complete';
    case 5:
      return 'rejected';
    case 6:
      return isStop(order.type) ? 'trigger_pending' : 'open';
    default:
      return 'in_flight';
  }
}

export const toOrderReport = (order: FyersOrder): OrderReport =>
  reportOf({
    orderId: order.id,
    status: reportStatusOf(order),
    quantity: order.qty,
    filledQuantity: order.filledQty,
    averagePrice: order.tradedPrice,
    price: order.limitPrice,
    triggerPrice: order.stopPrice,
    message: order.status === 7 ? order.message || 'Expired at Fyers' : order.message,
  });

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** Fyers' `orderDateTime`, `24-Nov-2026 10:15:02` in IST; undefined when unreadable. */
export function parseFyersTime(text: string | undefined): number | undefined {
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2}):(\d{2})/.exec(text?.trim() ?? '');
  const month = match ? MONTHS[(match[2] as string).toLowerCase()] : undefined;
  if (!match || !month) return undefined;
  const [, d, , y, hh, mm, ss] = match as unknown as string[];
  return istEpochMs(`${y}-${month}-${String(d).padStart(2, '0')}`, Number(hh), Number(mm), Number(ss));
}

const fromProduct = (product: string): ProductType =>
  product.toUpperCase() === 'INTRADAY' ? 'intraday' : 'normal';

export const clientOrderIdOfRow = (row: FyersOrder): string | undefined =>
  clientOrderIdOfFyersTag(row.orderTag);

export const fromFyersOrder = (row: FyersRow, now: number): BrokerOrderSnapshot =>
  snapshotOf(toOrderReport(row), {
    clientOrderId: clientOrderIdOfRow(row),
    tradingSymbol: row.ourSymbol ?? row.symbol,
    side: row.side === 1 ? 'buy' : 'sell',
    orderType: TYPE_OF[row.type] ?? 'limit',
    product: fromProduct(row.productType),
    updatedTs: parseFyersTime(row.orderDateTime) ?? now,
  });

/** What modify and cancel need to remember of an order. */
export const knownOfRow = (row: FyersRow): PlacedOrder => {
  const snapshot = fromFyersOrder(row, 0);
  return {
    orderType: snapshot.orderType,
    side: snapshot.side,
    tradingSymbol: snapshot.tradingSymbol,
    ...(snapshot.price !== undefined ? { price: snapshot.price } : {}),
    ...(snapshot.triggerPrice !== undefined ? { triggerPrice: snapshot.triggerPrice } : {}),
  };
};

/** A net position, for our symbol and token of its contract. */
export function fromFyersPosition(
  row: FyersPosition,
  ours: { tradingSymbol: string; internalToken: string } | undefined,
): BrokerPosition {
  const average = row.netAvg ?? 0;
  const buyQuantity = row.buyQty ?? Math.max(0, row.netQty);
  const sellQuantity = row.sellQty ?? Math.max(0, -row.netQty);
  const buyValue = row.buyVal ?? buyQuantity * (row.buyAvg ?? average);
  const sellValue = row.sellVal ?? sellQuantity * (row.sellAvg ?? average);
  return {
    tradingSymbol: ours?.tradingSymbol ?? row.symbol,
    internalToken: ours?.internalToken ?? '',
    product: fromProduct(row.productType),
    quantity: row.netQty,
    buyQuantity,
    sellQuantity,
    buyValue: roundMoney(buyValue),
    sellValue: roundMoney(sellValue),
    lastTradedPrice: row.ltp ?? average,
    ...(row.netQty !== 0 && average > 0 ? { averagePrice: average } : {}),
  };
}

const AVAILABLE_BALANCE = 10;
const UTILIZED_AMOUNT = 2;

/** Available is Fyers' "Available Balance", utilised its "Utilized Amount" (equity, where F&O trades). */
export function fromFyersFunds(lines: readonly FyersFundLine[]): BrokerMargin {
  const amount = (id: number) => lines.find((line) => line.id === id)?.equityAmount ?? 0;
  return marginOf(amount(AVAILABLE_BALANCE), amount(UTILIZED_AMOUNT));
}
