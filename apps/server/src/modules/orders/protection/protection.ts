import type { Notification } from '@xtrader/core/api/notifications';
import type { OrderContext } from '../context/context';
import type { OrderStreamEvents } from '../context/events';
import { ORDER_ERRORS } from '../model/messages';
import { lostProtection } from './protection-rules';

/**
 * Listens to 'order.changed' (inside the user's queue): when the broker ended a protective order on its own, the
 * trader is told at once, and for a stop-loss the family's root records it so the workflow rules hold a stop in the
 * server in its place (workflow-rules.ts `stopTakeover`). A lost target only warns: the stop still protects.
 */
export async function noticeLostProtection(
  ctx: Pick<OrderContext, 'store' | 'bus' | 'events' | 'clock' | 'logger'>,
  { before, after }: OrderStreamEvents['order.changed'],
): Promise<void> {
  const reason = lostProtection(before, after);
  if (!reason) return;
  const root = after.id === after.rootId ? after : await ctx.store.findById(after.userId, after.rootId);
  if (!root || root.workflow.halted) return;
  const stop = after.role !== 'target';
  if (stop) {
    if (root.workflow.protectionLost) return;
    await ctx.store.saveOrder({
      ...root,
      workflow: { ...root.workflow, protectionLost: { orderId: after.id, reason } },
    });
  }
  ctx.logger.warn({ userId: after.userId, orderId: after.id, reason }, 'the broker ended a protective order');
  const notification: Notification = {
    notificationType: 'protection_lost',
    timestamp: new Date(ctx.clock.now()).toISOString(),
    identifier: after.identifier,
    transactionType: after.side,
    quantity: after.state.quantity - after.state.filledQuantity,
    averagePrice: null,
    status: stop ? 'STOP HELD BY X-TRADER' : 'TARGET ENDED',
    statusMessage: stop
      ? ORDER_ERRORS.stopTakenOver(after.identifier, reason)
      : ORDER_ERRORS.targetLost(after.identifier, reason),
  };
  try {
    await ctx.bus.publish('notification', { userId: after.userId, notification });
  } catch (error) {
    ctx.logger.warn({ err: error, orderId: after.id }, 'publishing a protection notice failed');
  }
  if (stop) void ctx.events.emit('family.touched', { userId: after.userId, rootId: root.id });
}
