import type { Order } from '@xtrader/core/api/orders';
import type { BrokerBookOrder } from './fault-targets';

// What must hold between our orders and the broker's book once faults have passed: no order twice at the broker,
// none there that we do not know, none of ours left in an unknown state, and each of ours in the broker's state.

type StatusClass = 'working' | 'complete' | 'cancelled' | 'rejected';

/** The broker's status word, whatever the broker: its class. */
export function statusClass(word: string): StatusClass {
  if (/reject/i.test(word)) return 'rejected';
  if (/cancel/i.test(word)) return 'cancelled';
  if (/complete|filled|traded|executed/i.test(word)) return 'complete';
  return 'working';
}

const ours: Record<Order['status'], StatusClass | 'unknown'> = {
  pending: 'unknown',
  modify_pending: 'unknown',
  cancel_pending: 'unknown',
  open: 'working',
  trigger_pending: 'working',
  partially_filled: 'working',
  complete: 'complete',
  cancelled: 'cancelled',
  rejected: 'rejected',
};

/** A stop the server holds itself (local trailing, or the protective stop `<root>P`): never at the broker. */
const held = (order: Order) =>
  order.status === 'trigger_pending' &&
  ((order.isTrailing && !order.brokerTrailing) || /^X[TK][0-9A-Z]{10}P$/.test(order.orderId));

export function faultProblems(server: readonly Order[], broker: readonly BrokerBookOrder[]): string[] {
  const problems: string[] = [];
  const byId = new Map(server.map((o) => [o.orderId, o]));
  const byTag = new Map<string, BrokerBookOrder[]>();
  for (const order of broker) {
    if (!order.tag) {
      problems.push(`broker order ${order.brokerOrderId} carries no tag of ours`);
      continue;
    }
    byTag.set(order.tag, [...(byTag.get(order.tag) ?? []), order]);
  }
  for (const [tag, orders] of byTag) {
    if (orders.length > 1) problems.push(`${tag} is at the broker ${orders.length} times`);
    if (!byId.has(tag)) problems.push(`broker order ${orders[0]?.brokerOrderId} (${tag}) is unknown to us`);
  }
  for (const order of server) {
    const mine = ours[order.status];
    if (mine === 'unknown') problems.push(`${order.orderId} is still ${order.status}`);
    const at = byTag.get(order.orderId)?.[0];
    if (!at) {
      if (mine !== 'rejected' && mine !== 'cancelled' && !held(order))
        problems.push(`${order.orderId} is ${order.status} but the broker has no such order`);
      continue;
    }
    if (mine !== 'unknown' && statusClass(at.status) !== mine)
      problems.push(`${order.orderId} is ${order.status} here, ${at.status} at the broker`);
  }
  return problems;
}
