import { istDateOf, istEpochMs } from '@xtrader/core/market/dates';
import { isFinalStatus } from '@xtrader/core/orders/order-status';
import type { BrokerOrderSnapshot, BrokerSession } from '../../brokers/broker';
import type { OrderContext } from '../context/context';
import { firedAwaitingDisaster } from '../model/hybrid';
import { ORDER_ERRORS } from '../model/messages';
import { isHeld, isPartRole, isServerTrailed, type OrderRecord } from '../model/record';
import { sendPlacements } from '../sending/sender';
import { reconcileEvents } from '../state/broker-events';
import { applyEvent, applyEvents } from '../state/transitions';
import { evaluateFamily } from '../workflows/workflows';

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

/**
 * Brings one stored working broker order up to date with the broker's list; returns it when it still has to be
 * sent. Runs inside the user's queue. An order being sent right now is left to its own send, which books it.
 */
async function reconcileStored(
  ctx: OrderContext,
  stored: OrderRecord,
  snapshots: readonly BrokerOrderSnapshot[],
  ts: number,
): Promise<OrderRecord | undefined> {
  if (isFinalStatus(stored.state) || ctx.sending.has(stored.id)) return undefined;
  let current = stored;
  const snap = snapshotFor(current, snapshots);
  if (!snap && !current.brokerOrderId) {
    // A hybrid Local stop that fired goes out only once its disaster stop ended: the workflow sends it.
    if (firedAwaitingDisaster(current)) return undefined;
    if (current.isInternal) return current;
    await applyEvent(ctx, current, {
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
      await applyEvent(ctx, current, { type: 'expired', orderId: current.id, ts });
    } else {
      ctx.logger.warn({ orderId: current.id }, 'a working order is missing from the broker order list');
    }
    return undefined;
  }
  if (!current.brokerOrderId) {
    current = { ...current, brokerOrderId: snap.brokerOrderId };
    await ctx.store.saveOrder(current);
  }
  await applyEvents(ctx, current, reconcileEvents(current.state, snap, ts));
  return undefined;
}

/**
 * Brings stored orders (`read`, one user's) up to date with the broker's order list and sends the product's own
 * that never reached the broker. One queue task does it all: the list is read after every earlier task of the
 * user stored what it did, and the sends start inside the task (`ctx.sending`), so no later task decides to
 * send the same order again. A send the broker took whose answer was never booked is found in the list by our tag
 * (client id) and adopted, never sent twice.
 */
export async function reconcileWithBroker(
  ctx: OrderContext,
  session: BrokerSession,
  read: () => Promise<readonly OrderRecord[]>,
): Promise<void> {
  const started = await ctx.queue.run(session.userId, async () => {
    const snapshots = await session.listOrders();
    const ts = ctx.clock.now();
    const toSend: OrderRecord[] = [];
    for (const order of await read()) {
      if (order.kind !== 'broker' || order.brokerId !== session.brokerId) continue;
      // A stop held in the server never reached the broker, and is not meant to until its trigger.
      if (isHeld(order)) continue;
      const unsent = await reconcileStored(ctx, order, snapshots, ts);
      if (unsent) toSend.push(unsent);
    }
    // Wrapped, so the task does not wait for the answers (booking them queues behind this very task).
    return { placing: sendPlacements(ctx, session, toSend) };
  });
  await started.placing;
}

async function recoverUser(ctx: OrderContext, session: BrokerSession, orders: readonly OrderRecord[]) {
  const working = orders
    .filter((order) => order.kind === 'broker' && !isFinalStatus(order.state))
    .map((order) => order.id);
  await reconcileWithBroker(ctx, session, async () => [
    ...(await ctx.store.findByIds(session.userId, working)).values(),
  ]);
  for (const rootId of new Set(orders.map((order) => order.rootId))) {
    await evaluateFamily(ctx, session.userId, rootId);
  }
  for (const order of await ctx.store.listWorking(session.userId)) {
    // Logical orders only: a sliced order's group moves (and fires) its slices.
    const watched = isServerTrailed(order.trailing) || isHeld(order);
    if (watched && !isPartRole(order.role) && order.brokerId === session.brokerId) {
      void ctx.events.emit('stop.watch', { order });
    }
    // An exit chasing the best price goes on chasing where it left off.
    if (order.workflow.chase && !order.workflow.chase.marketable && order.brokerId === session.brokerId) {
      void ctx.events.emit('exit.chase', { order });
    }
  }
}

function recentSince(ctx: OrderContext): number {
  const now = ctx.clock.now();
  return Math.min(now - RECENT_MS, istEpochMs(istDateOf(now)));
}

/** Brings one user's orders up to date with their broker again (after a reconnect); listens to the session. */
export async function resyncUser(ctx: OrderContext, userId: string): Promise<void> {
  const session = await ctx.sessions.current(userId);
  if (!session) return;
  await recoverUser(ctx, session, await ctx.store.listRecent(userId, recentSince(ctx)));
}

/** Recovers every user with recent or still-working orders; one user's failure does not stop the others. */
export async function recoverOrders(ctx: OrderContext): Promise<void> {
  const since = recentSince(ctx);
  for (const userId of await ctx.store.usersToRecover(since)) {
    try {
      const session = await ctx.sessions.current(userId);
      if (!session) continue;
      await recoverUser(ctx, session, await ctx.store.listRecent(userId, since));
    } catch (error) {
      ctx.logger.error({ err: error, userId }, 'order recovery failed for a user');
    }
  }
}
