import { isFinalStatus, type OrderEvent } from '@xtrader/core/orders/order-status';
import type { OrderRecord } from './record';

const partNumber = (order: OrderRecord) => Number(order.id.slice(order.id.lastIndexOf('-') + 1));

/** The parts of a group, in the order they were planned. */
export const partsOf = (family: readonly OrderRecord[], groupId: string): OrderRecord[] =>
  family.filter((order) => order.groupId === groupId).sort((a, b) => partNumber(a) - partNumber(b));

// A group (freeze slices, iceberg legs) has its own order state, moved by the state machine like any other order,
// with events derived from what happens to its parts.

/** Whether an iceberg group will still send legs: the last leg filled and more are planned. */
export function moreLegsComing(group: OrderRecord, parts: readonly OrderRecord[]): boolean {
  const plan = group.workflow.iceberg;
  if (!plan || group.workflow.halted || plan.created >= plan.legs.length) return false;
  const last = parts[parts.length - 1];
  return last === undefined || last.state.status === 'complete';
}

/** The group's event mirroring one event of a part. */
function mirrored(group: OrderRecord, part: OrderRecord, event: OrderEvent): OrderEvent | undefined {
  const { ts } = event;
  const orderId = group.id;
  switch (event.type) {
    case 'accepted':
      return group.state.status === 'pending'
        ? { type: 'accepted', orderId, ts, triggerPending: part.state.status === 'trigger_pending' }
        : undefined;
    case 'triggered':
      return group.state.status === 'trigger_pending' ? { type: 'triggered', orderId, ts } : undefined;
    case 'fill':
      // Trade ids are unique per broker order, so prefix them with the part to keep them unique in the group.
      return { ...event, orderId, tradeId: `${part.id}:${event.tradeId}` };
    case 'modified': {
      const { price, triggerPrice } = event;
      if (price === undefined && triggerPrice === undefined) return undefined;
      return { type: 'modified', orderId, ts, price, triggerPrice };
    }
    default:
      return undefined;
  }
}

/** How a group ends once every part is done and no leg is still to come. */
export function closingEvent(
  group: OrderRecord,
  parts: readonly OrderRecord[],
  ts: number,
  filledQuantity: number,
): OrderEvent | undefined {
  if (isFinalStatus(group.state) || parts.length === 0) return undefined;
  if (!parts.every((part) => isFinalStatus(part.state)) || moreLegsComing(group, parts)) return undefined;
  if (filledQuantity >= group.state.quantity) return undefined; // the fills complete it
  const rejected = parts.filter((part) => part.state.status === 'rejected');
  if (filledQuantity === 0 && rejected.length === parts.length) {
    return {
      type: 'rejected',
      orderId: group.id,
      ts,
      reason: rejected[0]?.state.rejectedReason ?? 'Rejected',
    };
  }
  const reason = group.workflow.halted ? 'Cancelled' : (rejected[0]?.state.rejectedReason ?? 'Cancelled');
  return { type: 'cancelled', orderId: group.id, ts, reason };
}

/**
 * Events for `group` after `part` (already updated, and present in `parts`) took `event`: the mirrored event, then
 * the closing event if that leaves nothing working. `parts` is undefined when some part is known to be still
 * working (the group cannot close yet).
 */
export function groupEvents(
  group: OrderRecord,
  parts: readonly OrderRecord[] | undefined,
  part: OrderRecord,
  event: OrderEvent,
): OrderEvent[] {
  const events: OrderEvent[] = [];
  const mirror = mirrored(group, part, event);
  if (mirror) events.push(mirror);
  const filled = group.state.filledQuantity + (mirror?.type === 'fill' ? mirror.qty : 0);
  const closing = parts && closingEvent(group, parts, event.ts, filled);
  if (closing) events.push(closing);
  return events;
}
