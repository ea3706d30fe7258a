import { isFinalStatus } from '@xtrader/core/orders/order-status';
import type { OrderContext } from '../context/context';
import type { OrderStreamEvents } from '../context/events';
import { groupEvents, partsOf } from '../model/group-rules';
import { applyEvent } from './transitions';

/** A part's change moves its group (a sliced order or an iceberg): the group's own events, applied in turn. */
export async function followPart(
  ctx: OrderContext,
  { after: part, event }: OrderStreamEvents['order.changed'],
): Promise<void> {
  const { userId, rootId, groupId } = part;
  if (!groupId) return;
  let group = await ctx.store.findById(userId, groupId);
  if (!group) return;
  // Only a part's final event can leave nothing working, and only then are the parts read: a group of many slices
  // (the exit of a large position) read whole on every event of every part would hold up the user's queue.
  const mayClose =
    isFinalStatus(part.state) && (await ctx.store.countWorkingParts(userId, rootId, groupId)) === 0;
  const parts = mayClose ? partsOf(await ctx.store.listFamily(userId, rootId), groupId) : undefined;
  for (const groupEvent of groupEvents(group, parts, part, event)) {
    group = (await applyEvent(ctx, group, groupEvent)) ?? group;
  }
}
