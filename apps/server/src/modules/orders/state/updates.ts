import type { BrokerOrderUpdate, BrokerSession } from '../../brokers/broker';
import type { OrderContext } from '../context/context';
import { withRetries } from '../context/retry';
import { hasWorkflow } from '../model/record';
import { toOrderEvent } from './broker-events';
import { applyEvent } from './transitions';

/** Finds our order for a broker update: by our client id when the broker echoes it, else by the broker's id. */
export async function findOrder(
  ctx: OrderContext,
  at: { userId: string; brokerId: string },
  update: Pick<BrokerOrderUpdate, 'brokerOrderId' | 'clientOrderId'>,
) {
  const { store } = ctx;
  const byClientId = update.clientOrderId ? await store.findById(at.userId, update.clientOrderId) : undefined;
  if (byClientId && byClientId.brokerId === at.brokerId) return byClientId;
  return store.findByBrokerOrderId(at.userId, at.brokerId, update.brokerOrderId);
}

/**
 * Applies one update inside the user's queue; answers the root of a family whose workflows should run. A retry
 * (`retry`) may find the event already stored by an attempt that failed after its write: the state machine then
 * refuses it as a repeat, and the family's rules run all the same, since that attempt never got to them.
 */
async function bookUpdate(
  ctx: OrderContext,
  session: BrokerSession,
  update: BrokerOrderUpdate,
  retry: boolean,
): Promise<string | undefined> {
  const found = await findOrder(ctx, session, update);
  if (!found) return undefined;
  // An update that overtook the placement's answer carries the broker id as well as the answer would.
  const adopted = !found.brokerOrderId;
  const order = adopted ? { ...found, brokerOrderId: update.brokerOrderId } : found;
  const next = await applyEvent(ctx, order, toOrderEvent(update.event, order.id, update.eventTs));
  if (!next && adopted) await ctx.store.setBrokerOrderId(order.userId, order.id, update.brokerOrderId);
  const changed = next ?? (retry ? found : undefined);
  return changed && hasWorkflow(changed) ? changed.rootId : undefined;
}

/**
 * One order update from a broker: into the user's queue, through the state machine, stored and published; then the
 * family's workflows run. Updates for orders we did not place are ignored. A failure (a store write) is retried with
 * backoff inside the same queue task, so the user's later updates still apply after this one, in order: a fill
 * must never be lost, since a bracket entry's fill is what places its exit legs. Past the last retry the update
 * goes on the repair list, which reads the order back from the broker and books it.
 */
export function handleBrokerUpdate(
  ctx: OrderContext,
  session: BrokerSession,
  update: BrokerOrderUpdate,
): void {
  const { userId } = session;
  const context = { userId, brokerOrderId: update.brokerOrderId, event: update.event.type };
  const work = ctx.queue
    .run(userId, () =>
      withRetries(
        (retry) => bookUpdate(ctx, session, update, retry),
        (error, attempt) =>
          ctx.logger.warn({ err: error, ...context, attempt }, 'handling a broker update failed; retrying'),
      ),
    )
    .then((rootId) => {
      if (rootId) void ctx.events.emit('family.touched', { userId, rootId });
    })
    .catch((error: unknown) => {
      const { brokerId } = session;
      const { brokerOrderId, clientOrderId } = update;
      const entry = {
        userId,
        update: { brokerId, brokerOrderId, ...(clientOrderId ? { clientOrderId } : {}) },
      };
      void ctx.events.emit('repair.needed', { entry, error });
    });
  void ctx.tracker.track(work, userId);
}
