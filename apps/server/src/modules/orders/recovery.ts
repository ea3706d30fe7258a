import { isFinalStatus, istDateOf, istEpochMs } from '@xtrader/core';
import type { BrokerOrderSnapshot, BrokerSession } from '../brokers/broker';
import { reconcileEvents } from './broker-events';
import type { OrderEngine } from './engine';
import { ORDER_ERRORS } from './messages';
import { isHeld, isPartRole, isServerTrailed, type OrderRecord } from './record';
import { sendPlacements } from './sender';
import { applyEvent, applyEvents } from './transitions';
import { evaluateFamily } from './workflows';

// After a restart: every order the engine knows is brought up to date with the broker's own list (updates missed
// while down), intents that never reached the broker are sent (the product's own) or refused (the user's), and
// every family's workflow rules run again. The rules derive ids deterministically, so nothing happens twice.

const RECENT_MS = 24 * 3_600_000;

function snapshotFor(order: OrderRecord, snapshots: readonly BrokerOrderSnapshot[]) {
  return snapshots.find(
    (snap) =>
      snap.clientOrderId === order.id || (order.brokerOrderId && snap.brokerOrderId === order.brokerOrderId),
  );
}

/** Brings one working broker order up to date; returns it when it still has to be sent. */
async function reconcileOrder(
  engine: OrderEngine,
  order: OrderRecord,
  snapshots: readonly BrokerOrderSnapshot[],
): Promise<OrderRecord | undefined> {
  const snap = snapshotFor(order, snapshots);
  const ts = engine.clock.now();
  return engine.queue.run(order.userId, async () => {
    let current = (await engine.store.findById(order.userId, order.id)) ?? order;
    if (isFinalStatus(current.state)) return undefined;
    if (!snap && !current.brokerOrderId) {
      if (current.isInternal) return current;
      await applyEvent(engine, current, {
        type: 'rejected',
        orderId: current.id,
        ts,
        reason: ORDER_ERRORS.notConfirmed,
      });
      return undefined;
    }
    if (!snap) {
      // Sent, yet the broker no longer lists it. A day order of an earlier session is over; one of today is left
      // as it is (a broker's list may lag) and settles with its next update or the next reconciliation.
      if (current.state.createdAt < istEpochMs(istDateOf(ts))) {
        await applyEvent(engine, current, { type: 'expired', orderId: current.id, ts });
      } else {
        engine.logger.warn({ orderId: current.id }, 'a working order is missing from the broker order list');
      }
      return undefined;
    }
    if (!current.brokerOrderId) {
      current = { ...current, brokerOrderId: snap.brokerOrderId };
      await engine.store.saveOrder(current);
    }
    await applyEvents(engine, current, reconcileEvents(current.state, snap, ts));
    return undefined;
  });
}

async function recoverUser(engine: OrderEngine, session: BrokerSession, orders: readonly OrderRecord[]) {
  const snapshots = await session.listOrders();
  const toSend: OrderRecord[] = [];
  for (const order of orders) {
    if (order.kind !== 'broker' || order.brokerId !== session.brokerId || isFinalStatus(order.state))
      continue;
    // A stop held in the server never reached the broker, and is not meant to until its trigger.
    if (isHeld(order)) continue;
    const unsent = await reconcileOrder(engine, order, snapshots);
    if (unsent) toSend.push(unsent);
  }
  await sendPlacements(engine, session, toSend);
  for (const rootId of new Set(orders.map((order) => order.rootId))) {
    await evaluateFamily(engine, session.userId, rootId);
  }
  for (const order of await engine.store.listWorking(session.userId)) {
    // Logical orders only: a sliced order's group moves (and fires) its slices.
    const watched = isServerTrailed(order.trailing) || isHeld(order);
    if (watched && !isPartRole(order.role) && order.brokerId === session.brokerId) {
      engine.trailing.watch(order);
    }
  }
}

function recentSince(engine: OrderEngine): number {
  const now = engine.clock.now();
  return Math.min(now - RECENT_MS, istEpochMs(istDateOf(now)));
}

/** Brings one user's orders up to date with their broker again (after a reconnect); listens to the session. */
export async function resyncUser(engine: OrderEngine, userId: string): Promise<void> {
  const session = await engine.sessions.current(userId);
  if (!session) return;
  await recoverUser(engine, session, await engine.store.listRecent(userId, recentSince(engine)));
}

/** Recovers every user with recent or still-working orders; one user's failure does not stop the others. */
export async function recoverOrders(engine: OrderEngine): Promise<void> {
  const since = recentSince(engine);
  for (const userId of await engine.store.usersToRecover(since)) {
    try {
      const session = await engine.sessions.current(userId);
      if (!session) continue;
      await recoverUser(engine, session, await engine.store.listRecent(userId, since));
    } catch (error) {
      engine.logger.error({ err: error, userId }, 'order recovery failed for a user');
    }
  }
}
