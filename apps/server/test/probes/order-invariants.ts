import { isFinalStatus } from '@xtrader/core/orders/order-status';
import { positionKey } from '@xtrader/core/pnl/position-key';
import type { BrokersModule } from '../../src/modules/brokers/index';
import type { OrdersModule } from '../../src/modules/orders/index';
import { childIds } from '../../src/modules/orders/model/ids';
import type { OrderRecord } from '../../src/modules/orders/model/record';

/**
 * The invariants that must hold for a user once the engine has settled, whatever ran in parallel before:
 * - no order is left in a state that waits for an answer (pending, modify/cancel pending), and every order
 *   that is not rejected reached the broker;
 * - every filled bracket or cover entry has exactly its exit legs (target and stop-loss, or stop-loss) working
 *   for its filled quantity, or its family is flat;
 * - an entry that never filled has no exit legs;
 * - the positions at the exchange equal the fills the engine booked.
 * Returns every violation found, in words (an empty list when all hold).
 */
export async function orderInvariantViolations(
  userId: string,
  orders: OrdersModule,
  brokers: BrokersModule,
): Promise<string[]> {
  const problems: string[] = [];
  const everyOrder = await orders.context.store.listRecent(userId, 0);
  for (const order of everyOrder) {
    const { status } = order.state;
    if (status === 'pending' || status === 'modify_pending' || status === 'cancel_pending') {
      problems.push(`${order.id} (${order.category}) left ${status}`);
    }
    if (
      order.kind === 'broker' &&
      !order.isInternal &&
      status !== 'rejected' &&
      order.brokerOrderId === null
    ) {
      problems.push(`${order.id} (${order.category}) has no broker order id`);
    }
  }
  for (const entry of everyOrder.filter((order) => order.category === 'oco' || order.category === 'cover')) {
    const family = await orders.context.store.listFamily(userId, entry.id);
    problems.push(...familyViolations(entry, family));
  }
  const booked = await orders.context.store.netFilledQuantities(userId);
  const positions = await brokers.paper.sessionFor(userId).positions();
  for (const position of positions) {
    const fills = booked.get(positionKey(position)) ?? 0;
    if (fills !== position.quantity) {
      problems.push(`position ${positionKey(position)} is ${position.quantity} but fills book ${fills}`);
    }
  }
  for (const [key, quantity] of booked) {
    if (quantity !== 0 && !positions.some((position) => positionKey(position) === key)) {
      problems.push(`fills book ${quantity} of ${key} but the exchange has no position`);
    }
  }
  return problems;
}

const signed = (order: OrderRecord) => (order.side === 'buy' ? 1 : -1) * order.state.filledQuantity;

/** The bracket/cover rule for one entry and its family. */
function familyViolations(entry: OrderRecord, family: OrderRecord[]): string[] {
  const ids = new Set(family.map((order) => order.id));
  const legIds =
    entry.category === 'oco'
      ? [childIds.target(entry.id), childIds.stoploss(entry.id)]
      : [childIds.stoploss(entry.id)];
  const followUpId = childIds.followUp(entry.id);
  const allowed = new Set([
    entry.id,
    ...legIds,
    childIds.flatten(entry.id),
    childIds.protect(entry.id),
    followUpId,
  ]);
  const strangers = [...ids].filter((id) => !allowed.has(id));
  if (strangers.length) return [`${entry.id} has unexpected family members ${strangers.join(', ')}`];
  const filled = entry.state.filledQuantity;
  const legs = family.filter((order) => legIds.includes(order.id));
  if (filled === 0) {
    return legs.length
      ? [`${entry.id} never filled but has exit legs ${legs.map((leg) => leg.id).join(', ')}`]
      : [];
  }
  // The follow-up trades another instrument: it is no part of the entry's exposure.
  const exposure = family.filter((order) => order.id !== followUpId);
  const net = exposure.reduce((sum, order) => sum + signed(order), 0);
  if (net === 0) {
    const working = exposure.filter((order) => order.id !== entry.id && !isFinalStatus(order.state));
    return working.length
      ? [`${entry.id} is flat but still has working ${working.map((o) => o.id).join(', ')}`]
      : [];
  }
  const problems: string[] = [];
  if (legs.length !== legIds.length) {
    problems.push(`${entry.id} filled ${filled} but has legs [${legs.map((leg) => leg.id).join(', ')}]`);
  }
  for (const leg of legs) {
    if (isFinalStatus(leg.state))
      problems.push(`${entry.id} is open (${net}) but its leg ${leg.id} is ${leg.state.status}`);
    else if (leg.state.quantity - leg.state.filledQuantity !== Math.abs(net)) {
      problems.push(
        `${leg.id} covers ${leg.state.quantity - leg.state.filledQuantity} of an open ${Math.abs(net)}`,
      );
    }
  }
  return problems;
}
