import type { Order } from '@xtrader/core/api/orders';

// How orders are named, grouped and ordered on screen: shared by the pending-orders
// table and the positions table's expanded rows.

/** The 'type' column: what the order is for. */
export type OrderLabel =
  | 'STOP LOSS'
  | 'DISASTER-SL'
  | 'TARGET'
  | 'BRACKET-TGT'
  | 'BRACKET-SL'
  | 'COVER-SL'
  | 'BRACKET'
  | 'COVER'
  | 'FOLLOW-UP'
  | 'MARKET';

/** Sort order of pending-order groups; labels not listed there follow. */
const LABEL_ORDER: readonly OrderLabel[] = [
  'STOP LOSS',
  'DISASTER-SL',
  'TARGET',
  'BRACKET-TGT',
  'BRACKET-SL',
  'COVER-SL',
  'BRACKET',
  'COVER',
  'FOLLOW-UP',
  'MARKET',
];

type LabelFields = Pick<Order, 'orderCategory' | 'orderType' | 'disasterStopOf'>;

export function orderLabel({ orderCategory, orderType, disasterStopOf }: LabelFields): OrderLabel {
  // A disaster stop behind a Local stop is its own row: grouped with the stop, their quantities would add up to
  // twice the position they both protect.
  if (disasterStopOf) return 'DISASTER-SL';
  switch (orderCategory) {
    case 'oco':
      return 'BRACKET';
    case 'oco-exit':
      return orderType === 'stoploss' ? 'BRACKET-SL' : 'BRACKET-TGT';
    case 'cover':
      return 'COVER';
    case 'cover-exit':
      return 'COVER-SL';
    case 'follow-up':
      return 'FOLLOW-UP';
    default:
      if (orderType === 'stoploss') return 'STOP LOSS';
      return orderType === 'limit' ? 'TARGET' : 'MARKET';
  }
}

/** Is this leg a stop-loss (moved with stoplossOrderIds) rather than a target (targetOrderIds)? */
export const isStopLossLeg = (order: LabelFields): boolean => order.orderType === 'stoploss';

/** Trailing is offered only on single stop-loss orders, not on a disaster stop (it keeps its distance on purpose). */
export const canTrail = (order: LabelFields): boolean =>
  order.orderCategory === 'single' && order.orderType === 'stoploss' && !order.disasterStopOf;

export type OrderGroup = {
  /** `category#transactionType` within one instrument, e.g. `STOP LOSS#sell`. */
  key: string;
  label: OrderLabel;
  transactionType: Order['transactionType'];
  tradingSymbol: string;
  orders: Order[];
};

const rank = (label: OrderLabel) => LABEL_ORDER.indexOf(label);

/**
 * Groups orders by instrument, category and side, sorted by category order (then instrument, side);
 * orders inside a group keep time order, newest first.
 */
export function groupOrders(orders: readonly Order[]): OrderGroup[] {
  const groups = new Map<string, OrderGroup>();
  for (const order of orders) {
    const label = orderLabel(order);
    const key = `${order.tradingSymbol}|${label}#${order.transactionType}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        label,
        transactionType: order.transactionType,
        tradingSymbol: order.tradingSymbol,
        orders: [],
      };
      groups.set(key, group);
    }
    group.orders.push(order);
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      rank(a.label) - rank(b.label) ||
      a.tradingSymbol.localeCompare(b.tradingSymbol) ||
      a.transactionType.localeCompare(b.transactionType),
  );
  for (const group of sorted) group.orders.sort((a, b) => b.time.localeCompare(a.time));
  return sorted;
}

/** Splits selected orders into the id lists of cancelMultipleOrders / modifyMultipleOrders. */
export function orderIdGroups(orders: readonly Order[]) {
  const ids = (list: readonly Order[]) => list.map((o) => o.orderId);
  return {
    orderIds: ids(orders.filter((o) => !o.isInternal)),
    internalOrderIds: ids(orders.filter((o) => o.isInternal)),
    targetOrderIds: ids(orders.filter((o) => !isStopLossLeg(o))),
    stoplossOrderIds: ids(orders.filter(isStopLossLeg)),
  };
}
