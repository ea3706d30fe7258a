import { MIN_PRICE } from '@xtrader/core/orders/constants';
import { canCancel, canModify, isFinalStatus, type OrderEvent } from '@xtrader/core/orders/order-status';
import { defaultStopLossTrigger, roundToTick } from '@xtrader/core/orders/price-rules';
import { followUpQuantity } from '@xtrader/core/orders/quantity-rules';
import type { TransactionType } from '@xtrader/core/orders/types';
import { closingEvent, moreLegsComing, partsOf } from '../model/group-rules';
import { childIds } from '../model/ids';
import type { OrderRecord, StopLegTrailing, TrailingState } from '../model/record';
import type { Tradable } from '../model/tradable';
import { buildOrders, type OrderSpec, partOf } from '../placement/planner';
import { heldTrailing, unprotectedQuantity } from '../protection/protection-rules';
import { hybridStops } from './hybrid-rules';

// The workflows as level-triggered rules: given everything stored about one family, what is missing? Because they
// read only stored state and derive ids deterministically, running them again (after every update, or after a
// restart) never does anything twice.

export interface WorkflowContext {
  now: number;
  tradableOf(order: OrderRecord): Tradable;
  tradableByToken(internalToken: string): Tradable | undefined;
  /** Whether the order is being sent right now (its answer not yet booked). */
  isSending(orderId: string): boolean;
}

export interface WorkflowPlan {
  /** New orders (intents) to store and send. */
  create: OrderRecord[];
  /** Orders already stored that go to the broker now (a hybrid Local stop that fired, once its disaster stop ended). */
  send: OrderRecord[];
  /** Orders whose workflow facts changed (by id; the latest version wins). */
  update: Map<string, OrderRecord>;
  /** State changes to apply through the state machine. */
  events: { orderId: string; event: OrderEvent }[];
  cancel: OrderRecord[];
  reduce: { order: OrderRecord; quantity: number }[];
  /** Things worth a warning in the log (e.g. both bracket legs filled). */
  notes: string[];
}

const opposite = (side: TransactionType): TransactionType => (side === 'buy' ? 'sell' : 'buy');

class Family {
  readonly byId: Map<string, OrderRecord>;
  constructor(
    readonly root: OrderRecord,
    readonly all: readonly OrderRecord[],
  ) {
    this.byId = new Map(all.map((order) => [order.id, order]));
  }
  /** The broker orders that carry out a logical order (itself, or its group's parts). */
  brokerOrders(order: OrderRecord): OrderRecord[] {
    return order.kind === 'broker' ? [order] : partsOf(this.all, order.id);
  }
}

function exitSpec(
  family: Family,
  ctx: WorkflowContext,
): Omit<OrderSpec, 'id' | 'role' | 'orderType' | 'quantity'> {
  const { root } = family;
  return {
    userId: root.userId,
    brokerId: root.brokerId,
    rootId: root.id,
    parentOrderId: root.id,
    isInternal: true,
    category: root.category === 'oco' ? 'oco-exit' : 'cover-exit',
    side: opposite(root.side),
    tradable: ctx.tradableOf(root),
    productType: root.productType,
    priceView: root.priceView,
    now: ctx.now,
  };
}

/** The trailing a bracket/cover stop-loss leg starts with: the entry's auto trail, measured from the entry fill. */
function stopLegTrailing(trail: StopLegTrailing | undefined, averagePrice: number): TrailingState | null {
  if (!trail) return null;
  const byServer = trail.handler === 'local' || trail.byModify;
  return {
    active: true,
    handler: trail.handler,
    changeInPrice: trail.changeInPrice,
    changeInSl: trail.changeInSl,
    reference: byServer ? averagePrice : null,
    pendingReference: null,
    ...(trail.byModify ? { byModify: true, modifications: 0 } : {}),
    ...(trail.handler === 'local' ? { held: true } : {}),
  };
}

/**
 * A bracket's exits: its target and stop legs, the stop the server holds if the broker ended the stop leg, and the
 * disaster stop behind a Local stop leg (what it fills, the target no longer covers).
 */
const exitLegIds = (rootId: string) => [
  childIds.target(rootId),
  childIds.stoploss(rootId),
  childIds.protect(rootId),
  childIds.disaster(childIds.stoploss(rootId)),
];

/** Bracket and cover: once the entry is done with a fill, its exit legs at entry +/- the points, exactly once. */
function bracketExits(family: Family, ctx: WorkflowContext, plan: WorkflowPlan): void {
  const { root } = family;
  if (root.category !== 'oco' && root.category !== 'cover') return;
  const { filledQuantity: quantity, averagePrice } = root.state;
  if (!isFinalStatus(root.state) || quantity === 0 || root.workflow.halted) return;
  if (family.byId.has(childIds.stoploss(root.id)) || family.byId.has(childIds.target(root.id))) return;
  const spec = exitSpec(family, ctx);
  if (root.stoplossPoints !== null) {
    const triggerPrice = defaultStopLossTrigger(averagePrice, spec.side, root.stoplossPoints);
    plan.create.push(
      ...buildOrders({
        ...spec,
        id: childIds.stoploss(root.id),
        role: 'stoploss',
        orderType: 'stoploss',
        quantity,
        triggerPrice,
        trailing: stopLegTrailing(root.workflow.trailStopLeg, averagePrice),
        // A Local stop leg keeps the entry's disaster stop distance (hybrid-rules.ts places its disaster stop).
        ...(root.workflow.hybridStop ? { workflow: { hybridStop: root.workflow.hybridStop } } : {}),
      }),
    );
  }
  if (root.category === 'oco' && root.targetPoints !== null) {
    const target = spec.side === 'sell' ? averagePrice + root.targetPoints : averagePrice - root.targetPoints;
    const price = Math.max(MIN_PRICE, roundToTick(target));
    plan.create.push(
      ...buildOrders({
        ...spec,
        id: childIds.target(root.id),
        role: 'target',
        orderType: 'limit',
        quantity,
        price,
      }),
    );
  }
}

/**
 * One-cancels-other: what one bracket leg filled, the other no longer covers. If a race filled both beyond the
 * entry, the extra quantity is squared off at market once nothing is working, and reported.
 */
function ocoLegs(family: Family, ctx: WorkflowContext, plan: WorkflowPlan): void {
  const { root } = family;
  if (root.category !== 'oco') return;
  const legs = exitLegIds(root.id)
    .map((id) => family.byId.get(id))
    .filter((leg): leg is OrderRecord => leg !== undefined);
  if (legs.length === 0) return;
  const entryFilled = root.state.filledQuantity;
  const exitFilled = legs.reduce((sum, leg) => sum + leg.state.filledQuantity, 0);
  const working = legs
    .flatMap((leg) => family.brokerOrders(leg))
    .filter((order) => !isFinalStatus(order.state));
  if (exitFilled >= entryFilled) {
    plan.cancel.push(...working.filter((order) => canCancel(order.state)));
  } else if (exitFilled > 0) {
    for (const leg of legs) {
      const covers = leg.state.filledQuantity + (entryFilled - exitFilled);
      if (leg.kind === 'broker' && canModify(leg.state) && leg.state.quantity > covers) {
        plan.reduce.push({ order: leg, quantity: covers });
      }
    }
  }
  const flattenId = childIds.flatten(root.id);
  if (exitFilled <= entryFilled || working.length > 0 || family.byId.has(flattenId)) return;
  const excess = exitFilled - entryFilled;
  const note = `Both bracket legs filled; the extra ${excess} was squared off at market`;
  plan.notes.push(`${root.id}: ${note}`);
  const spec = { ...exitSpec(family, ctx), side: root.side, workflow: { note } };
  plan.create.push(
    ...buildOrders({ ...spec, id: flattenId, role: 'flatten', orderType: 'market', quantity: excess }),
  );
}

/** A follow-up waiting for its main order: placed (scaled to the filled quantity) once the main order is done. */
function followUp(family: Family, ctx: WorkflowContext, plan: WorkflowPlan): void {
  const root = plan.update.get(family.root.id) ?? family.root;
  const followUpPlan = root.workflow.followUp;
  if (followUpPlan?.state !== 'waiting' || !isFinalStatus(root.state)) return;
  const id = childIds.followUp(root.id);
  const tradable = ctx.tradableByToken(followUpPlan.internalToken);
  const quantity =
    tradable && root.state.filledQuantity > 0 && !root.workflow.halted && !family.byId.has(id)
      ? followUpQuantity(root.state.filledQuantity, root.lotSize, tradable.lotSize, followUpPlan.multiplier)
      : 0;
  if (tradable && quantity > 0) {
    plan.create.push(
      ...buildOrders({
        ...exitSpec(family, ctx),
        id,
        role: 'follow-up',
        category: 'follow-up',
        orderType: 'market',
        side: followUpPlan.transactionType,
        tradable,
        quantity,
      }),
    );
  }
  const state = quantity > 0 ? 'placed' : 'skipped';
  plan.update.set(root.id, { ...root, workflow: { ...root.workflow, followUp: { ...followUpPlan, state } } });
}

/** Iceberg: the next leg once the previous one filled; a halted group with nothing working is closed. */
function icebergAndGroups(family: Family, ctx: WorkflowContext, plan: WorkflowPlan): void {
  for (const stored of family.all) {
    if (stored.kind !== 'group' || isFinalStatus(stored.state)) continue;
    const group = plan.update.get(stored.id) ?? stored;
    const parts = partsOf(family.all, group.id);
    const iceberg = group.workflow.iceberg;
    if (iceberg && moreLegsComing(group, parts)) {
      const n = iceberg.created + 1;
      if (family.byId.has(childIds.part(group.id, n))) continue;
      plan.create.push(partOf(group, n, iceberg.legs[n - 1] ?? 0, 'iceberg-leg', ctx.now));
      plan.update.set(group.id, {
        ...group,
        workflow: { ...group.workflow, iceberg: { ...iceberg, created: n } },
      });
      continue;
    }
    const closing = closingEvent(group, parts, ctx.now, group.state.filledQuantity);
    if (closing) plan.events.push({ orderId: group.id, event: closing });
  }
}

/**
 * The broker ended the family's stop-loss on its own while the position was open: the server holds a stop of the
 * unprotected quantity at the same trigger (fired at market when the price crosses it), exactly once.
 */
function stopTakeover(family: Family, ctx: WorkflowContext, plan: WorkflowPlan): void {
  const root = plan.update.get(family.root.id) ?? family.root;
  const exitLegs = exitLegIds(root.id)
    .map((id) => family.byId.get(id))
    .filter((leg): leg is OrderRecord => leg !== undefined);
  const quantity = unprotectedQuantity({ root, family: family.byId, exitLegs });
  const lost = root.workflow.protectionLost && family.byId.get(root.workflow.protectionLost.orderId);
  if (quantity <= 0 || !lost) return;
  plan.create.push(
    ...buildOrders({
      userId: root.userId,
      brokerId: root.brokerId,
      rootId: root.id,
      parentOrderId: root.id,
      isInternal: true,
      category: lost.category,
      side: lost.side,
      tradable: ctx.tradableOf(lost),
      productType: lost.productType,
      priceView: lost.priceView,
      now: ctx.now,
      id: childIds.protect(root.id),
      role: 'stoploss',
      orderType: 'stoploss',
      quantity,
      triggerPrice: lost.state.triggerPrice,
      trailing: heldTrailing(lost.trailing),
    }),
  );
}

/** Everything the family's workflows still have to do. */
export function planWorkflow(
  orders: readonly OrderRecord[],
  rootId: string,
  ctx: WorkflowContext,
): WorkflowPlan {
  const plan: WorkflowPlan = {
    create: [],
    send: [],
    update: new Map(),
    events: [],
    cancel: [],
    reduce: [],
    notes: [],
  };
  const root = orders.find((order) => order.id === rootId);
  if (!root) return plan;
  const family = new Family(root, orders);
  bracketExits(family, ctx, plan);
  ocoLegs(family, ctx, plan);
  followUp(family, ctx, plan);
  icebergAndGroups(family, ctx, plan);
  stopTakeover(family, ctx, plan);
  hybridStops(orders, family.byId, root.workflow.halted === true, ctx, plan);
  return plan;
}
