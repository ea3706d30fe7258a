import type { BrokerOrderUpdate, BrokerSession } from '../brokers/broker';
import { toOrderEvent } from './broker-events';
import type { OrderEngine } from './engine';
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
 * One order update from a broker: into the user's queue, through the state machine, stored and published; then the
 * family's workflows run. Updates for orders we did not place are ignored.
 */
export function handleBrokerUpdate(
  engine: OrderEngine,
  session: BrokerSession,
  update: BrokerOrderUpdate,
): void {
  const userId = session.userId;
  const work = engine.queue
    .run(userId, async () => {
      const found = await findOrder(engine, session, update);
      if (!found) return undefined;
      // An update that overtook the placement's answer carries the broker id as well as the answer would.
      const adopted = !found.brokerOrderId;
      const order = adopted ? { ...found, brokerOrderId: update.brokerOrderId } : found;
      const next = await applyEvent(engine, order, toOrderEvent(update.event, order.id, update.eventTs));
      if (!next && adopted) await engine.store.setBrokerOrderId(order.userId, order.id, update.brokerOrderId);
      return next && hasWorkflow(next) ? next.rootId : undefined;
    })
    .then((rootId) => {
      if (rootId) scheduleEvaluation(engine, userId, rootId);
    })
    .catch((error: unknown) =>
      engine.logger.error({ err: error, userId }, 'handling a broker update failed'),
    );
  void engine.tracker.track(work, userId);
}
