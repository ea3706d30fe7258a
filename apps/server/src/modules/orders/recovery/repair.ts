import type { OrderContext } from '../context/context';
import type { RepairEntry } from '../context/events';
import { repairNotification } from '../model/notifications';
import type { OrderRecord } from '../model/record';
import { findOrder } from '../state/updates';
import { evaluateFamily } from '../workflows/workflows';
import { reconcileWithBroker } from './recovery';

// A family whose update or workflow step failed past its retries is repaired from what is stored and what the
// broker lists, the way recovery does on start, without waiting for a restart.

async function rootOf(ctx: OrderContext, entry: RepairEntry): Promise<OrderRecord | undefined> {
  const { userId, rootId, update } = entry;
  if (rootId) return ctx.store.findById(userId, rootId);
  if (!update) return undefined;
  const order = await findOrder(ctx, { userId, brokerId: update.brokerId }, update);
  return order && (await ctx.store.findById(userId, order.rootId));
}

/**
 * Books what the broker lists for the family's orders (an update that could not be booked is read back, found by
 * our tag or the broker's id), sends the product's stored orders that never reached the broker (unless the broker
 * has them), then runs the family's rules from stored state. Throws while any step fails, so the entry stays.
 */
export async function repairFamily(ctx: OrderContext, entry: RepairEntry): Promise<void> {
  const { userId } = entry;
  const session = await ctx.sessions.current(userId);
  if (!session) throw new Error('the user has no broker session to repair orders with');
  const root = await rootOf(ctx, entry);
  // An update for an order that is not ours needs nothing.
  if (!root) return;
  await reconcileWithBroker(ctx, session, () => ctx.store.listFamily(userId, root.id));
  await evaluateFamily(ctx, userId, root.id);
}

/**
 * Tells the trader of a family waiting for its repair, and once more when it is repaired; reads the family's order
 * for its name. A family can wait under more than one entry (a failed update and a failed step of the same family):
 * the trader hears of it once, and of its repair when its last entry is done.
 */
export function createRepairAnnouncer(ctx: OrderContext) {
  const waiting = new Map<string, number>();
  const publish = async (userId: string, root: OrderRecord | undefined, phase: 'waiting' | 'done') => {
    const notification = repairNotification(root, phase, ctx.clock.now());
    try {
      await ctx.bus.publish('notification', { userId, notification });
    } catch (error) {
      ctx.logger.warn({ err: error, userId, rootId: root?.id }, 'publishing a repair notification failed');
    }
  };
  // The family each entry was counted under when it joined (its name may only be readable later).
  const familyKeys = new WeakMap<RepairEntry, string>();
  return {
    async entered(entry: RepairEntry): Promise<void> {
      const root = await rootOf(ctx, entry).catch(() => undefined);
      const key = `${entry.userId}\u0000${root?.id ?? entry.rootId ?? entry.update?.brokerOrderId}`;
      familyKeys.set(entry, key);
      const count = waiting.get(key) ?? 0;
      waiting.set(key, count + 1);
      if (count === 0) await publish(entry.userId, root, 'waiting');
    },
    async repaired(entry: RepairEntry): Promise<void> {
      const key = familyKeys.get(entry) ?? '';
      const count = waiting.get(key) ?? 1;
      if (count > 1) {
        waiting.set(key, count - 1);
        return;
      }
      waiting.delete(key);
      await publish(entry.userId, await rootOf(ctx, entry).catch(() => undefined), 'done');
    },
  };
}
