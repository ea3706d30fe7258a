import type { OrderContext } from '../context/context';
import { withRetries } from '../context/retry';
import { isHeld, isPartRole, isServerTrailed, type OrderRecord } from '../model/record';
import { tradableOf, tradableOfOrder } from '../model/tradable';
import { requestCancel, requestModify, sendPlacements } from '../sending/sender';
import { applyEvent } from '../state/transitions';
import { planWorkflow, type WorkflowContext, type WorkflowPlan } from './workflow-rules';

function contextFor(ctx: OrderContext): WorkflowContext {
  const { instruments, indexTable } = ctx;
  return {
    now: ctx.clock.now(),
    tradableOf: (order) => tradableOfOrder(order, instruments, indexTable),
    tradableByToken: (token) => {
      const instrument = instruments.byToken(token);
      return instrument ? tradableOf(instrument, indexTable) : undefined;
    },
    isSending: (orderId) => ctx.sending.has(orderId),
  };
}

/** Stores what the plan creates and changes (one queue task, so no other work sees half of it). */
async function storePlan(
  ctx: OrderContext,
  plan: WorkflowPlan,
  family: readonly OrderRecord[],
): Promise<void> {
  await ctx.store.insertOrders(plan.create);
  for (const order of plan.update.values()) await ctx.store.saveOrder(order);
  const latest = new Map(family.map((order) => [order.id, plan.update.get(order.id) ?? order]));
  for (const { orderId, event } of plan.events) {
    const order = latest.get(orderId);
    const next = order ? await applyEvent(ctx, order, event) : undefined;
    if (next) latest.set(orderId, next);
  }
}

const familyKey = (userId: string, rootId: string) => `${userId}|${rootId}`;

/**
 * Runs the family's workflow rules and carries out what they ask: new orders, cancels, reductions. New orders start
 * sending inside the queue task that stored them, so a repair or resync queued behind it finds them in flight
 * (`ctx.sending`), never stored-but-unsent, and cannot send them a second time.
 */
export async function evaluateFamily(ctx: OrderContext, userId: string, rootId: string): Promise<void> {
  const planned = await ctx.queue.run(userId, async () => {
    ctx.evaluationsQueued.delete(familyKey(userId, rootId));
    const family = await ctx.store.listFamily(userId, rootId);
    const plan = planWorkflow(family, rootId, contextFor(ctx));
    const root = family.find((order) => order.id === rootId);
    // The session first: without one nothing is stored, so a later run (or repair) creates and sends the orders.
    const toSend = [...plan.create, ...plan.send];
    const session = root && toSend.length > 0 ? await ctx.sessions.forOrder(root) : undefined;
    await storePlan(ctx, plan, family);
    // A bracket's stop-loss leg born trailing (the entry's auto trail), or a stop the server holds, is watched from
    // its first tick.
    for (const order of plan.create) {
      if ((isServerTrailed(order.trailing) || isHeld(order)) && !isPartRole(order.role))
        void ctx.events.emit('stop.watch', { order });
    }
    // Wrapped, so the task does not wait for the answers (booking them queues behind this very task).
    return { plan, root, placing: session && sendPlacements(ctx, session, toSend) };
  });
  const { plan, root, placing } = planned;
  for (const note of plan.notes) ctx.logger.warn({ userId, rootId }, note);
  if (!root) return;
  await Promise.all([
    placing,
    ...plan.cancel.map((order) => requestCancel(ctx, userId, order.id)),
    ...plan.reduce.map(({ order, quantity }) => requestModify(ctx, userId, order.id, { quantity })),
  ]);
}

/**
 * Evaluates a family in the background (tracked, so tests and shutdown can wait for it). While an evaluation is
 * scheduled that has not read the family yet, asking again adds none: that one will see this change too. Each
 * update of each slice asks, and a large exit has hundreds of slices in one family. A failed step is run again
 * with backoff: the rules read only stored state, so a new run does what the failed one left undone, never twice.
 * Past the last retry the family goes on the repair list, which keeps trying until its rules ran through.
 */
export function scheduleEvaluation(ctx: OrderContext, userId: string, rootId: string): void {
  const key = familyKey(userId, rootId);
  if (ctx.evaluationsQueued.has(key)) return;
  ctx.evaluationsQueued.add(key);
  const evaluation = withRetries(
    () => evaluateFamily(ctx, userId, rootId),
    (error, attempt) =>
      ctx.logger.warn({ err: error, userId, rootId, attempt }, 'order workflow step failed; retrying'),
  );
  void ctx.tracker.track(
    evaluation.catch((error: unknown) =>
      ctx.events.emit('repair.needed', { entry: { userId, rootId }, error }),
    ),
    userId,
  );
}
