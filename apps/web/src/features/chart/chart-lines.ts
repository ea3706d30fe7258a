import type { Order } from '@xtrader/core/api/orders';
import type { Position } from '@xtrader/core/api/portfolio';

/** What a line on the chart stands for. */
export type ChartLineKind = 'entry' | 'stop' | 'target';

export type ChartLine = {
  /** Stable key: `order:<id>` or `position:<symbol>|<product>`. */
  key: string;
  kind: ChartLineKind;
  price: number;
  /** Short text on the line (`SL`, `TGT`, `AVG`) with the quantity. */
  title: string;
  /** The working order a drag modifies; absent for a position's average price (not an order). */
  orderId?: string;
};

/** An order in one of these no longer works: the open-orders list should not hold it, but a stale copy might. */
const FINISHED = new Set<Order['status']>(['complete', 'cancelled', 'rejected']);

/** The kind of line of a working order with a price: its trigger, its target, or a resting entry. */
function orderKind(order: Order): ChartLineKind {
  if (order.orderType === 'stoploss') return 'stop';
  // A limit sell (or a bracket's target leg) takes profit; a limit buy is an entry still waiting.
  return order.transactionType === 'sell' || order.orderCategory === 'oco-exit' ? 'target' : 'entry';
}

const TITLES: Record<ChartLineKind, string> = { entry: 'AVG', stop: 'SL', target: 'TGT' };

/**
 * The lines of the charted contract: the average price of each open position in it, and the price of each of its
 * working orders (stop-loss trigger, target or resting limit). Orders still being placed are left out: they have
 * no order id the server knows yet.
 */
export function chartLines(
  symbol: string | null,
  orders: readonly Order[],
  positions: readonly Position[],
  isProvisional: (order: Order) => boolean = () => false,
): ChartLine[] {
  if (!symbol) return [];
  const lines: ChartLine[] = [];
  for (const position of positions) {
    if (position.tradingSymbol !== symbol || position.quantity === 0 || !(position.price > 0)) continue;
    lines.push({
      key: `position:${position.tradingSymbol}|${position.product}`,
      kind: 'entry',
      price: position.price,
      title: `AVG ${position.quantity > 0 ? '+' : ''}${position.quantity}`,
    });
  }
  for (const order of orders) {
    if (order.tradingSymbol !== symbol || order.price === null || FINISHED.has(order.status)) continue;
    if (isProvisional(order)) continue;
    const kind = orderKind(order);
    const quantity = order.quantity - order.filledQuantity;
    lines.push({
      key: `order:${order.orderId}`,
      kind,
      price: order.price,
      title: `${kind === 'entry' ? 'LMT' : TITLES[kind]} ${order.transactionType === 'buy' ? 'B' : 'S'} ${quantity}`,
      orderId: order.orderId,
    });
  }
  return lines;
}
