import { disasterTrigger } from '@xtrader/core/orders/edge-stops';
import { canCancel, isFinalStatus, type OrderEvent } from '@xtrader/core/orders/order-status';
import { firedAwaitingDisaster, isHybridLocalStop } from '../model/hybrid';
import { childIds } from '../model/ids';
import { isHeld, type OrderRecord } from '../model/record';
import type { Tradable } from '../model/tradable';
import { buildOrders } from '../placement/planner';

// Hybrid stop: a Local stop held in the server, backed by a disaster stop-loss resting at the broker
// (`childIds.disaster`), wider by the points the trader chose. Rules over stored state, like every workflow:
// - a working held stop without its disaster stop gets one, exactly once (the id is derived);
// - the disaster stop filled: the held stop stops covering what it closed (cancelled, or reduced);
// - the held stop fired: its market order waits until the disaster stop is cancelled, then goes out for what the
//   disaster stop did not close (nothing, if it closed it all), so the position is closed once and never flipped;
// - the held stop ended any other way (cancelled, filled): the disaster stop is cancelled.

/** What the rules read of the workflow context (workflow-rules.ts passes its own). */
interface HybridContext {
  now: number;
  tradableOf(order: OrderRecord): Tradable;
  isSending(orderId: string): boolean;
}

/** The parts of the workflow plan these rules add to. */
interface HybridPlan {
  create: OrderRecord[];
  send: OrderRecord[];
  update: Map<string, OrderRecord>;
  events: { orderId: string; event: OrderEvent }[];
  cancel: OrderRecord[];
  reduce: { order: OrderRecord; quantity: number }[];
}

const CLOSED_BY_DISASTER = "Closed by the broker's disaster stop";

/** What the disaster stop closed that the local stop has not yet been reduced for. */
function unaccounted(local: OrderRecord, disaster: OrderRecord): number {
  return disaster.state.filledQuantity - (local.workflow.hybridStop?.disasterFilled ?? 0);
}

function createDisaster(local: OrderRecord, ctx: HybridContext, plan: HybridPlan): void {
  const points = local.workflow.hybridStop?.points;
  const trigger = local.state.triggerPrice;
  const quantity = local.state.quantity - local.state.filledQuantity;
  if (points === undefined || trigger === null || quantity <= 0) return;
  plan.create.push(
    ...buildOrders({
      userId: local.userId,
      brokerId: local.brokerId,
      rootId: local.rootId,
      parentOrderId: local.id,
      isInternal: true,
      category: local.category,
      side: local.side,
      tradable: ctx.tradableOf(local),
      productType: local.productType,
      priceView: local.priceView,
      now: ctx.now,
      id: childIds.disaster(local.id),
      role: 'disaster',
      orderType: 'stoploss',
      quantity,
      triggerPrice: disasterTrigger(local.side, trigger, points),
    }),
  );
}

/** The disaster stop filled while the local stop is still held: the local stop covers only what is left. */
function followDisasterFill(local: OrderRecord, disaster: OrderRecord, plan: HybridPlan): void {
  const closed = unaccounted(local, disaster);
  if (closed <= 0 || !isFinalStatus(disaster.state)) return;
  const left = local.state.quantity - closed;
  if (left <= local.state.filledQuantity) {
    plan.cancel.push(local);
    return;
  }
  const hybridStop = local.workflow.hybridStop && {
    ...local.workflow.hybridStop,
    disasterFilled: disaster.state.filledQuantity,
  };
  plan.update.set(local.id, { ...local, workflow: { ...local.workflow, hybridStop } });
  plan.reduce.push({ order: local, quantity: left });
}

/** The local stop fired: first the disaster stop ends, then the exit goes out for what is still open. */
function releaseFired(
  local: OrderRecord,
  disaster: OrderRecord | undefined,
  ctx: HybridContext,
  plan: HybridPlan,
): void {
  if (ctx.isSending(local.id)) return;
  if (disaster && !isFinalStatus(disaster.state)) {
    if (canCancel(disaster.state)) plan.cancel.push(disaster);
    return;
  }
  const closed = disaster ? Math.max(0, unaccounted(local, disaster)) : 0;
  const left = local.state.quantity - closed;
  if (left <= local.state.filledQuantity) {
    // Through cancel_pending, as every cancel of ours: the protection rules then know nobody took its stop away.
    const ids = { orderId: local.id, ts: ctx.now };
    plan.events.push({ orderId: local.id, event: { type: 'cancel_requested', ...ids } });
    plan.events.push({ orderId: local.id, event: { type: 'cancelled', ...ids, reason: CLOSED_BY_DISASTER } });
    return;
  }
  const exit = closed > 0 ? { ...local, state: { ...local.state, quantity: left } } : local;
  if (closed > 0) plan.update.set(local.id, exit);
  plan.send.push(exit);
}

/** Every hybrid Local stop of the family, and its disaster stop. */
export function hybridStops(
  orders: readonly OrderRecord[],
  byId: ReadonlyMap<string, OrderRecord>,
  halted: boolean,
  ctx: HybridContext,
  plan: HybridPlan,
): void {
  for (const local of orders) {
    if (!isHybridLocalStop(local)) continue;
    const disaster = byId.get(childIds.disaster(local.id));
    if (firedAwaitingDisaster(local)) {
      releaseFired(local, disaster, ctx, plan);
    } else if (isHeld(local) && !isFinalStatus(local.state)) {
      if (!disaster && !halted && local.state.status !== 'pending') createDisaster(local, ctx, plan);
      if (disaster) followDisasterFill(local, disaster, plan);
    } else if (disaster && !isFinalStatus(disaster.state) && canCancel(disaster.state)) {
      plan.cancel.push(disaster);
    }
  }
}
