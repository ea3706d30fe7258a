import type { OrderEngine } from './engine';
import { isPartRole, isServerTrailed, type OrderRecord } from './record';
import { withRetries } from './retry';
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

/**
 * Runs the family's workflow rules and carries out what they ask: new orders, cancels, reductions. New orders start
 * sending inside the queue task that stored them, so a repair or resync queued behind it finds them in flight
 * (`engine.sending`), never stored-but-unsent, and cannot send them a second time.
 */
export async function evaluateFamily(engine: OrderEngine, userId: string, rootId: string): Promise<void> {
  const planned = await engine.queue.run(userId, async () => {
    engine.evaluationsQueued.delete(familyKey(userId, rootId));
    const family = await engine.store.listFamily(userId, rootId);
    const plan = planWorkflow(family, rootId, contextFor(engine));
    const root = family.find((order) => order.id === rootId);
    // The session first: without one nothing is stored, so a later run (or repair) creates and sends the orders.
    const session = root && plan.create.length > 0 ? await engine.sessions.forOrder(root) : undefined;
    await storePlan(engine, plan, family);
    // A bracket's stop-loss leg born trailing (the entry's auto trail) is watched from its first tick.
    for (const order of plan.create) {
      if (isServerTrailed(order.trailing) && !isPartRole(order.role)) engine.trailing.watch(order);
    }
    // Wrapped, so the task does not wait for the answers (booking them queues behind this very task).
    return { plan, root, placing: session && sendPlacements(engine, session, plan.create) };
  });
  const { plan, root, placing } = planned;
  for (const note of plan.notes) engine.logger.warn({ userId, rootId }, note);
  if (!root) return;
  await Promise.all([
    placing,
    ...plan.cancel.map((order) => requestCancel(engine, userId, order.id)),
    ...plan.reduce.map(({ order, quantity }) => requestModify(engine, userId, order.id, { quantity })),
  ]);
}

/**
/**
 * Evaluates a family in the background (tracked, so tests and shutdown can wait for it). While an evaluation is
 * scheduled that has not read the family yet, asking again adds none: that one will see this change too. Each
 * update of each slice asks, and a large exit has hundreds of slices in one family. A failed step is run again
 * with backoff: the rules read only stored state, so a new run does what the failed one left undone, never twice.
 * Past the last retry the family goes on the repair list, which keeps trying until its rules ran through.
 */
export function scheduleEvaluation(engine: OrderEngine, userId: string, rootId: string): void {
  const key = familyKey(userId, rootId);
  if (engine.evaluationsQueued.has(key)) return;
  engine.evaluationsQueued.add(key);
  const evaluation = withRetries(
    () => evaluateFamily(engine, userId, rootId),
    (error, attempt) =>
      engine.logger.warn({ err: error, userId, rootId, attempt }, 'order workflow step failed; retrying'),
  );
  void engine.tracker.track(
    evaluation.catch((error: unknown) => engine.repairs.enlist({ userId, rootId }, error)),
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
