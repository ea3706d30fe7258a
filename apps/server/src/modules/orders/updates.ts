import type { BrokerOrderUpdate, BrokerSession } from '../brokers/broker';
import { toOrderEvent } from './broker-events';
import type { OrderEngine } from './engine';
import { withRetries } from './retry';
import { applyEvent } from './transitions';
import { hasWorkflow, scheduleEvaluation } from './workflows';

/** Finds our order for a broker update: by our client id when the broker echoes it, else by the broker's id. */
async function findOrder(engine: OrderEngine, session: BrokerSession, update: BrokerOrderUpdate) {
  const { store } = engine;
  const byClientId = update.clientOrderId
    ? await store.findById(session.userId, update.clientOrderId)
    : undefined;
  if (byClientId && byClientId.brokerId === session.brokerId) return byClientId;
  return store.findByBrokerOrderId(session.userId, session.brokerId, update.brokerOrderId);
}

/**
 * Applies one update inside the user's queue; answers the root of a family whose workflows should run. A retry
 * (`retry`) may find the event already stored by an attempt that failed after its write: the state machine then
 * refuses it as a repeat, and the family's rules run all the same, since that attempt never got to them.
 */
async function bookUpdate(
  engine: OrderEngine,
  session: BrokerSession,
  update: BrokerOrderUpdate,
  retry: boolean,
): Promise<string | undefined> {
  const found = await findOrder(engine, session, update);
  if (!found) return undefined;
  // An update that overtook the placement's answer carries the broker id as well as the answer would.
  const adopted = !found.brokerOrderId;
  const order = adopted ? { ...found, brokerOrderId: update.brokerOrderId } : found;
  const next = await applyEvent(engine, order, toOrderEvent(update.event, order.id, update.eventTs));
  if (!next && adopted) await engine.store.setBrokerOrderId(order.userId, order.id, update.brokerOrderId);
  const changed = next ?? (retry ? found : undefined);
  return changed && hasWorkflow(changed) ? changed.rootId : undefined;
}

/**
 * One order update from a broker: into the user's queue, through the state machine, stored and published; then the
 * family's workflows run. Updates for orders we did not place are ignored. A failure (a store write) is retried with
 * backoff inside the same queue task, so the user's later updates still apply after this one, in order: a fill
 * must never be lost, since a bracket entry's fill is what places its exit legs.
 */
export function handleBrokerUpdate(
  engine: OrderEngine,
  session: BrokerSession,
  update: BrokerOrderUpdate,
): void {
  const { userId } = session;
  const context = { userId, brokerOrderId: update.brokerOrderId, event: update.event.type };
  const work = engine.queue
    .run(userId, () =>
      withRetries(
        (retry) => bookUpdate(engine, session, update, retry),
        (error, attempt) =>
          engine.logger.warn(
            { err: error, ...context, attempt },
            'handling a broker update failed; retrying',
          ),
      ),
    )
    .then((rootId) => {
      if (rootId) scheduleEvaluation(engine, userId, rootId);
    })
    .catch((error: unknown) =>
      engine.logger.error(
        { err: error, ...context },
        'handling a broker update failed after every retry; recovery (on start or a broker resync) books it',
      ),
    );
  void engine.tracker.track(work);
}
