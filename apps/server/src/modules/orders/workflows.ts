import type { OrderEngine } from './engine';
import type { OrderRecord } from './record';
import { requestCancel, requestModify, sendPlacements } from './sender';
import { tradableOf, tradableOfOrder } from './tradable';
import { applyEvent } from './transitions';
import { planWorkflow, type WorkflowContext, type WorkflowPlan } from './workflow-rules';

function contextFor(engine: OrderEngine): WorkflowContext {
  const { instruments, indexTable } = engine;
  return {
    now: engine.clock.now(),
    tradableOf: (order) => tradableOfOrder(order, instruments, indexTable),
    tradableByToken: (token) => {
      const instrument = instruments.byToken(token);
      return instrument ? tradableOf(instrument, indexTable) : undefined;
    },
  };
}

/** Stores what the plan creates and changes (one queue task, so no other work sees half of it). */
async function storePlan(
  engine: OrderEngine,
  plan: WorkflowPlan,
  family: readonly OrderRecord[],
): Promise<void> {
  await engine.store.insertOrders(plan.create);
  for (const order of plan.update.values()) await engine.store.saveOrder(order);
  const latest = new Map(family.map((order) => [order.id, plan.update.get(order.id) ?? order]));
  for (const { orderId, event } of plan.events) {
    const order = latest.get(orderId);
    const next = order ? await applyEvent(engine, order, event) : undefined;
    if (next) latest.set(orderId, next);
  }
}

const familyKey = (userId: string, rootId: string) => `${userId}|${rootId}`;

/** Runs the family's workflow rules and carries out what they ask: new orders, cancels, reductions. */
export async function evaluateFamily(engine: OrderEngine, userId: string, rootId: string): Promise<void> {
  const planned = await engine.queue.run(userId, async () => {
    engine.evaluationsQueued.delete(familyKey(userId, rootId));
    const family = await engine.store.listFamily(userId, rootId);
    const plan = planWorkflow(family, rootId, contextFor(engine));
    await storePlan(engine, plan, family);
    return { plan, root: family.find((order) => order.id === rootId) };
  });
  const { plan, root } = planned;
  for (const note of plan.notes) engine.logger.warn({ userId, rootId }, note);
  if (!root || plan.create.length + plan.cancel.length + plan.reduce.length === 0) return;
  const session = await engine.sessions.forOrder(root);
  await Promise.all([
    sendPlacements(engine, session, plan.create),
    ...plan.cancel.map((order) => requestCancel(engine, userId, order.id)),
    ...plan.reduce.map(({ order, quantity }) => requestModify(engine, userId, order.id, { quantity })),
  ]);
}

/**
 * Evaluates a family in the background (tracked, so tests and shutdown can wait for it). While an evaluation is
 * scheduled that has not read the family yet, asking again adds none: that one will see this change too. Each
 * update of each slice asks, and a large exit has hundreds of slices in one family.
 */
export function scheduleEvaluation(engine: OrderEngine, userId: string, rootId: string): void {
  const key = familyKey(userId, rootId);
  if (engine.evaluationsQueued.has(key)) return;
  engine.evaluationsQueued.add(key);
  void engine.tracker.track(
    evaluateFamily(engine, userId, rootId).catch((error: unknown) =>
      engine.logger.error({ err: error, userId, rootId }, 'order workflow step failed'),
    ),
    userId,
  );
}

/** Whether anything may follow from a change to this order (plain single orders need no workflow pass). */
export function hasWorkflow(order: OrderRecord): boolean {
  return (
    order.rootId !== order.id ||
    order.kind === 'group' ||
    order.category === 'oco' ||
    order.category === 'cover' ||
    order.workflow.followUp !== undefined
  );
}
