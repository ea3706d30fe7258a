import type { OrderContext } from '../context/context';
import type { OrderStreamEvents } from '../context/events';
import { notificationFor } from '../model/notifications';

/**
 * Publishes a changed order to the bus (clients refresh their lists) with its notification card, if any. A failed
 * publish is logged, never the change's failure: the change is stored already.
 */
export async function announceChange(
  ctx: Pick<OrderContext, 'bus' | 'logger'>,
  { before, after }: OrderStreamEvents['order.changed'],
): Promise<void> {
  const { bus, logger } = ctx;
  try {
    await bus.publish('order.updated', { userId: after.userId, orderId: after.id });
    const notification = notificationFor(before, after);
    if (notification) await bus.publish('notification', { userId: after.userId, notification });
  } catch (error) {
    logger.warn({ err: error, orderId: after.id }, 'publishing an order update failed');
  }
}
