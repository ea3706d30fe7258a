import type { Order } from '@xtrader/core/api/orders';
import type { OrderGroup } from '../../lib/order-view';

/** One table row: a group of several orders, or one order (on its own, or inside an expanded group). */
export type FlatRow =
  | { kind: 'group'; key: string; group: OrderGroup }
  | { kind: 'order'; key: string; order: Order; nested: boolean };

/** Groups and orders in display order; a group's orders follow it while it is expanded. */
export function flattenGroups(groups: readonly OrderGroup[], expanded: ReadonlySet<string>): FlatRow[] {
  const rows: FlatRow[] = [];
  for (const group of groups) {
    if (group.orders.length === 1) {
      const order = group.orders[0]!;
      rows.push({ kind: 'order', key: order.orderId, order, nested: false });
      continue;
    }
    rows.push({ kind: 'group', key: group.key, group });
    if (expanded.has(group.key))
      for (const order of group.orders) rows.push({ kind: 'order', key: order.orderId, order, nested: true });
  }
  return rows;
}
