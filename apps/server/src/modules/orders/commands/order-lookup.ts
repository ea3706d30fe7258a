import { isFinalStatus } from '@xtrader/core/orders/order-status';
import { DomainError } from '../../../domain-error';
import type { OrderContext } from '../context/context';
import { partsOf } from '../model/group-rules';
import { ORDER_ERRORS } from '../model/messages';
import type { OrderRecord } from '../model/record';

/** The caller's order; another user's id (or an unknown one) is a 404. */
export async function findOwnOrder(ctx: OrderContext, userId: string, orderId: string): Promise<OrderRecord> {
  const order = await ctx.store.findById(userId, orderId);
  if (!order) throw new DomainError('not_found', ORDER_ERRORS.notFound);
  return order;
}

/** The caller's orders, all of them or a 404 naming the first unknown id. */
export async function findOwnOrders(ctx: OrderContext, userId: string, ids: readonly string[]) {
  const orders: OrderRecord[] = [];
  for (const id of new Set(ids)) {
    const order = await ctx.store.findById(userId, id);
    if (!order) throw new DomainError('not_found', `${ORDER_ERRORS.notFound}: ${id}`);
    orders.push(order);
  }
  return orders;
}

export function requireWorking(order: OrderRecord): void {
  if (isFinalStatus(order.state))
    throw new DomainError('bad_request', ORDER_ERRORS.alreadyFinal(order.state.status));
}

/** The exchange orders that carry out an order and are still working (itself, or its group's parts). */
export async function workingBrokerOrders(ctx: OrderContext, order: OrderRecord): Promise<OrderRecord[]> {
  if (order.kind === 'broker') return isFinalStatus(order.state) ? [] : [order];
  const family = await ctx.store.listFamily(order.userId, order.rootId);
  return partsOf(family, order.id).filter((part) => !isFinalStatus(part.state));
}

/**
 * Whether halting can change what a family does next: only bracket and cover entries (exit legs after the fill),
 * a follow-up still waiting and an iceberg group create orders later. A plain order needs no halt write, which
 * keeps cancel-all (and the kill switch's cancels) at one write per order.
 */
const mayCreateOrders = (order: OrderRecord): boolean =>
  order.category === 'oco' ||
  order.category === 'cover' ||
  order.workflow.followUp?.state === 'waiting' ||
  order.workflow.iceberg !== undefined;

/**
 * Stops the workflows of these orders' families (and of the groups themselves) from creating anything more, then
 * lets each family settle (a halted group with nothing working closes).
 */
export async function haltFamilies(ctx: OrderContext, userId: string, orders: readonly OrderRecord[]) {
  const known = new Map(orders.map((order) => [order.id, order]));
  const ids = new Set<string>();
  for (const order of orders) {
    ids.add(order.rootId);
    if (order.groupId) ids.add(order.groupId);
    if (order.kind === 'group') ids.add(order.id);
  }
  // Records at hand that can create nothing need no read or write; anything else is read fresh in the queue.
  for (const id of ids) {
    const order = known.get(id);
    if (order && !mayCreateOrders(order)) ids.delete(id);
  }
  if (ids.size > 0) {
    await ctx.queue.run(userId, async () => {
      for (const id of ids) {
        const current = await ctx.store.findById(userId, id);
        if (current && !current.workflow.halted) {
          await ctx.store.saveOrder({ ...current, workflow: { ...current.workflow, halted: true } });
        }
      }
    });
  }
  for (const rootId of new Set(orders.map((order) => order.rootId)))
    void ctx.events.emit('family.touched', { userId, rootId });
}
