import type { Order, OrdersResponse } from '@xtrader/core/api/orders';
import type { FakeOrder } from '../../fakes/kite';

// What must hold between the server's order lists and the fake broker's book once the server has settled, after
// any number of crashes: nothing acknowledged lost, nothing doubled or unknown at the broker, every family whole.

/** A workflow the probe started, and what it was told. */
export interface PlacedFamily {
  rootId: string;
  kind: 'bracket' | 'cover' | 'follow-up';
}

const KITE_STATUS: Record<FakeOrder['status'], readonly Order['status'][]> = {
  OPEN: ['open', 'partially_filled'],
  'TRIGGER PENDING': ['trigger_pending'],
  COMPLETE: ['complete'],
  CANCELLED: ['cancelled'],
  REJECTED: ['rejected'],
};
const WORKING: readonly Order['status'][] = ['open', 'trigger_pending', 'partially_filled'];

export const allOrders = (lists: OrdersResponse): Order[] => [
  ...lists.openOrders,
  ...lists.executedOrders,
  ...lists.rejectedOrders,
  ...lists.cancelledOrders,
];

/** A stop the server holds itself (local trailing): it is never at the broker while it waits. */
const heldStop = (order: Order) =>
  order.isTrailing && !order.brokerTrailing && order.orderType === 'stoploss';

/** Problems between one user's server orders and their broker book; empty when everything is reconciled. */
export function reconciliationProblems(input: {
  acknowledged: ReadonlySet<string>;
  families: readonly PlacedFamily[];
  server: readonly Order[];
  broker: readonly FakeOrder[];
}): string[] {
  const problems: string[] = [];
  const server = new Map(input.server.map((o) => [o.orderId, o]));
  const byTag = new Map<string, FakeOrder[]>();
  for (const order of input.broker) {
    const tag = order.tag ?? '(no tag)';
    byTag.set(tag, [...(byTag.get(tag) ?? []), order]);
  }
  for (const id of input.acknowledged) if (!server.has(id)) problems.push(`acknowledged ${id} lost`);
  for (const [tag, orders] of byTag) {
    if (orders.length > 1) problems.push(`${tag} placed ${orders.length} times at the broker`);
    if (!server.has(tag)) problems.push(`broker order ${orders[0]?.order_id} (${tag}) unknown to the server`);
  }
  for (const order of server.values()) {
    const at = byTag.get(order.orderId)?.[0];
    if (!at) {
      const fine = order.status === 'rejected' || order.status === 'cancelled' || heldStop(order);
      if (!fine) problems.push(`${order.orderId} is ${order.status} but the broker has no such order`);
      continue;
    }
    if (!KITE_STATUS[at.status].includes(order.status))
      problems.push(
        `${order.orderId} is ${order.status} here (${order.orderCategory}, price ${order.price}, trailing ` +
          `${order.isTrailing ? (order.brokerTrailing ? 'by the broker' : 'held') : 'no'}), ${at.status} at the ` +
          `broker (trigger ${at.trigger_price}, price ${at.price})`,
      );
    if (order.filledQuantity !== at.filled_quantity)
      problems.push(
        `${order.orderId} filled ${order.filledQuantity} here, ${at.filled_quantity} at the broker`,
      );
  }
  for (const family of input.families) problems.push(...familyProblems(family, server, byTag));
  return problems;
}

function familyProblems(
  family: PlacedFamily,
  server: ReadonlyMap<string, Order>,
  byTag: ReadonlyMap<string, FakeOrder[]>,
): string[] {
  const root = byTag.get(family.rootId)?.[0];
  if (!root || root.filled_quantity === 0) return [];
  const { rootId } = family;
  if (family.kind === 'follow-up') {
    return byTag.has(`${rootId}F`) ? [] : [`${rootId} filled but its follow-up never reached the broker`];
  }
  const problems: string[] = [];
  const legIds = family.kind === 'bracket' ? ['T', 'S'] : ['S'];
  for (const leg of legIds)
    if (!server.has(`${rootId}${leg}`)) problems.push(`${rootId} filled but has no ${leg} leg`);
  // Net of the entry and its exits (target, stop-loss, a square-off of a double fill): never beyond flat, and
  // while something is still open a leg must be working to cover it.
  const sign = (o: FakeOrder) => (o.transaction_type === root.transaction_type ? 1 : -1);
  let open = root.filled_quantity;
  for (const leg of ['T', 'S', 'X'])
    for (const o of byTag.get(`${rootId}${leg}`) ?? []) open += sign(o) * o.filled_quantity;
  if (open < 0 || open > root.filled_quantity)
    problems.push(`${rootId} exits leave ${open} of ${root.filled_quantity}`);
  const working = legIds.some((leg) =>
    WORKING.includes(server.get(`${rootId}${leg}`)?.status ?? 'cancelled'),
  );
  if (open > 0 && !working) problems.push(`${rootId} has ${open} open with no working exit leg`);
  if (open === 0 && working) problems.push(`${rootId} is flat but an exit leg still works`);
  return problems;
}

/** Net quantity of one symbol in a broker book (buys minus sells filled). */
export function brokerNet(broker: readonly FakeOrder[], tradingsymbol: string): number {
  return broker
    .filter((o) => o.tradingsymbol === tradingsymbol)
    .reduce((net, o) => net + (o.transaction_type === 'BUY' ? 1 : -1) * o.filled_quantity, 0);
}
