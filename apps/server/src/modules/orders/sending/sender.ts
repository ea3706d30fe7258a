import { canCancel, canModify, type OrderEvent } from '@xtrader/core/orders/order-status';
import type { BrokerAck, BrokerSession, ModifyOrderCommand } from '../../brokers/broker';
import type { OrderContext } from '../context/context';
import { ORDER_ERRORS } from '../model/messages';
import { hasWorkflow, isHeld, type OrderRecord } from '../model/record';
import { HELD_ACK, holdStops } from '../state/held-stops';
import { applyEvent } from '../state/transitions';
import { stopLimitOffsetOf, toPlaceCommand } from './place-command';

// Commands to brokers. Each is sent outside the user's queue (a slow broker never blocks state work) and its answer
// is recorded inside it: an accepted placement stores the broker's id, a refusal becomes a state-machine event.

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A placement whose answer was lost and whose lookup by our tag could not be read either: the broker may hold the
 * order or not. It is neither accepted nor refused.
 */
class OutcomeUnknown {
  constructor(readonly cause: unknown) {}
}

/**
 * What the caller hears of a placement whose outcome is unknown: taken, without a broker id yet (the order stays
 * `pending` and the repair finds it by our tag). Never a refusal: the broker may be working it.
 */
const UNKNOWN_OUTCOME_ACK: BrokerAck = { ok: true, brokerOrderId: '' };

/** An adapter's `BrokerCallError` that says the request cannot have reached the broker (`uncertain: false`). */
const certainlyNotPlaced = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { uncertain?: unknown }).uncertain === false;

/**
 * Places the order; when the call itself failed, the broker may still have it, so look before giving up. When the
 * look fails too, the outcome stays unknown rather than refused.
 */
async function placeSafely(
  ctx: OrderContext,
  session: BrokerSession,
  order: OrderRecord,
): Promise<BrokerAck | OutcomeUnknown> {
  try {
    return await session.placeOrder({
      ...toPlaceCommand(order),
      ...(await stopLimitOffsetOf(ctx, order)),
    });
  } catch (error) {
    const refused: BrokerAck = {
      ok: false,
      reason: ORDER_ERRORS.brokerUnreachable(errorText(error)),
      code: 'network',
    };
    let listed: Awaited<ReturnType<BrokerSession['listOrders']>>;
    try {
      listed = await session.listOrders();
    } catch (lookupError) {
      if (certainlyNotPlaced(error)) return refused;
      ctx.logger.warn(
        { err: lookupError, orderId: order.id },
        'placement answer lost and the order list unreadable: left pending for the repair to look up',
      );
      return new OutcomeUnknown(error);
    }
    const found = listed.find((snapshot) => snapshot.clientOrderId === order.id);
    if (found) return { ok: true, brokerOrderId: found.brokerOrderId };
    return refused;
  }
}

async function commandSafely(command: () => Promise<BrokerAck>): Promise<BrokerAck> {
  try {
    return await command();
  } catch (error) {
    return { ok: false, reason: ORDER_ERRORS.brokerUnreachable(errorText(error)), code: 'network' };
  }
}

async function recordAck(ctx: OrderContext, order: OrderRecord, ack: BrokerAck): Promise<string | undefined> {
  if (ack.ok) {
    // One conditional write, no read: a broker update that overtook this answer has already set it.
    await ctx.store.setBrokerOrderId(order.userId, order.id, ack.brokerOrderId);
    return undefined;
  }
  const current = await ctx.store.findById(order.userId, order.id);
  if (!current) return undefined;
  const event: OrderEvent = {
    type: 'rejected',
    orderId: order.id,
    ts: ctx.clock.now(),
    reason: ack.reason,
  };
  return (await applyEvent(ctx, current, event)) ? current.rootId : undefined;
}

/** Books a withdrawn placement as cancelled (it never reached the broker) and answers as a refusal would. */
async function bookWithdrawal(ctx: OrderContext, order: OrderRecord): Promise<BrokerAck> {
  const reason = ORDER_ERRORS.withdrawn;
  const rootId = await ctx.queue.run(order.userId, async () => {
    // A funds reset may have deleted it already.
    const current = await ctx.store.findById(order.userId, order.id);
    if (!current) return undefined;
    const event: OrderEvent = { type: 'cancelled', orderId: order.id, ts: ctx.clock.now(), reason };
    return (await applyEvent(ctx, current, event)) ? current.rootId : undefined;
  });
  if (rootId) void ctx.events.emit('family.touched', { userId: order.userId, rootId });
  return { ok: false, reason };
}

/**
 * Withdraws the user's placements among `orderIds` that still wait for their pacing slot: they are never sent,
 * and are booked as cancelled when their turn comes. Returns the ids withdrawn (the rest were sent or are being
 * sent).
 */
export function withdrawUnsent(ctx: OrderContext, userId: string, orderIds: Iterable<string>): Set<string> {
  const withdrawn = new Set<string>();
  for (const id of orderIds) {
    const unsent = ctx.unsent.get(id);
    if (unsent?.order.userId !== userId) continue;
    unsent.withdrawn = true;
    withdrawn.add(id);
  }
  // Answered now rather than when their turn comes, so they are booked cancelled at once.
  if (withdrawn.size > 0) ctx.pacer.release(userId);
  return withdrawn;
}

/**
 * Places one stored order. Resolves with the broker's answer: an acceptance as soon as the broker gave it (booking
 * its id waits in the user's queue behind the broker's own updates, and the intent was stored before sending, so
 * the caller need not wait for it), a refusal once it is booked (so the order reads as rejected when the caller
 * answers). `ctx.sending` holds the order until its answer is booked: cancels and modifies wait for that.
 */
function sendPlacement(ctx: OrderContext, session: BrokerSession, order: OrderRecord): Promise<BrokerAck> {
  const inFlight = ctx.sending.get(order.id);
  if (inFlight) return inFlight;
  let answered: (ack: BrokerAck) => void = () => {};
  const answer = new Promise<BrokerAck>((resolve) => {
    answered = resolve;
  });
  const unsent = { order, withdrawn: false };
  ctx.unsent.set(order.id, unsent);
  const booked = (async () => {
    const go = await ctx.pacer
      .acquire(order.userId, session.capabilities.rateLimits, { wanted: () => !unsent.withdrawn })
      .finally(() => ctx.unsent.delete(order.id));
    // Withdrawn after its slot was granted but before it went: still never sent.
    if (!go || unsent.withdrawn) return bookWithdrawal(ctx, order);
    const ack = await placeSafely(ctx, session, order);
    if (ack instanceof OutcomeUnknown) {
      // Nothing is booked: the repair reads the broker's list for our tag, adopts the order if the broker has it,
      // and otherwise sends the product's own again or refuses the trader's (recovery's rules).
      answered(UNKNOWN_OUTCOME_ACK);
      void ctx.events.emit('repair.needed', {
        entry: { userId: order.userId, rootId: order.rootId },
        error: ack.cause,
      });
      return UNKNOWN_OUTCOME_ACK;
    }
    if (ack.ok) answered(ack);
    const rootId = await ctx.queue.run(order.userId, () => recordAck(ctx, order, ack));
    if (rootId) void ctx.events.emit('family.touched', { userId: order.userId, rootId });
    return ack;
  })().finally(() => ctx.sending.delete(order.id));
  ctx.sending.set(order.id, booked);
  // Unbooked, the order reads as never sent: the repair finds it at the broker by our tag and adopts it.
  ctx.tracker.track(booked, order.userId).catch((error: unknown) => {
    void ctx.events.emit('repair.needed', { entry: { userId: order.userId, rootId: order.rootId }, error });
  });
  return Promise.race([answer, booked]);
}

/**
 * Sends stored (intent) broker orders, all together, paced by the broker's orders-per-second limit. Resolves with
 * the broker's answer to each, by order id.
 */
export async function sendPlacements(
  ctx: OrderContext,
  session: BrokerSession,
  orders: readonly OrderRecord[],
): Promise<Map<string, BrokerAck>> {
  const brokerOrders = orders.filter((order) => order.kind === 'broker' && !isHeld(order));
  const held = orders.filter((order) => order.kind === 'broker' && isHeld(order));
  if (held.length > 0) await holdStops(ctx, held);
  // A held stop's family may have rules to run now it is working (a hybrid stop's disaster stop).
  for (const order of held) {
    if (hasWorkflow(order))
      void ctx.events.emit('family.touched', { userId: order.userId, rootId: order.rootId });
  }
  const acks = await Promise.all(brokerOrders.map((order) => sendPlacement(ctx, session, order)));
  return new Map([
    ...brokerOrders.map((order, i): [string, BrokerAck] => [order.id, acks[i] as BrokerAck]),
    ...held.map((order): [string, BrokerAck] => [order.id, HELD_ACK]),
  ]);
}

type Request = 'cancel' | 'modify';

/**
 * Marks a request in flight (cancel_requested / modify_requested) if the state machine allows it now, sends it,
 * and records a refusal. Returns undefined when the order cannot take the request (final, or never reached the
 * broker), else the broker's answer.
 */
async function request(
  ctx: OrderContext,
  userId: string,
  orderId: string,
  kind: Request,
  send: (session: BrokerSession, brokerOrderId: string, order: OrderRecord) => Promise<BrokerAck>,
  onAccepted: (order: OrderRecord) => OrderEvent | undefined,
  inspect?: (current: OrderRecord | undefined) => void,
): Promise<BrokerAck | undefined> {
  await ctx.sending.get(orderId);
  const allowed = kind === 'cancel' ? canCancel : canModify;
  let heldAck: BrokerAck | undefined;
  let heldRoot: string | undefined;
  const order = await ctx.queue.run(userId, async () => {
    const current = await ctx.store.findById(userId, orderId);
    inspect?.(current);
    if (current && isHeld(current) && allowed(current.state)) {
      // A stop the server holds: the change is ours to book, at once.
      const ts = ctx.clock.now();
      const event = kind === 'cancel' ? ({ type: 'cancelled', orderId, ts } as const) : onAccepted(current);
      if (event && (await applyEvent(ctx, current, event))) heldAck = HELD_ACK;
      if (heldAck && hasWorkflow(current)) heldRoot = current.rootId;
      return undefined;
    }
    if (current?.kind !== 'broker' || !current.brokerOrderId || !allowed(current.state)) return undefined;
    const type = kind === 'cancel' ? 'cancel_requested' : 'modify_requested';
    return applyEvent(ctx, current, { type, orderId, ts: ctx.clock.now() });
  });
  // A held stop's family may have rules that follow it (a hybrid stop's disaster stop is cancelled with it).
  if (heldRoot) void ctx.events.emit('family.touched', { userId, rootId: heldRoot });
  if (heldAck) return heldAck;
  const brokerOrderId = order?.brokerOrderId;
  if (!order || !brokerOrderId) return undefined;
  const session = await ctx.sessions.forOrder(order);
  await ctx.pacer.acquire(userId, session.capabilities.rateLimits, { urgent: true });
  const ack = await commandSafely(() => send(session, brokerOrderId, order));
  // An accepted cancel is booked when the broker reports it; only refusals and modifications need a step here.
  if (ack.ok && kind === 'cancel') return ack;
  await ctx.queue.run(userId, async () => {
    const current = await ctx.store.findById(userId, orderId);
    if (!current) return;
    const ts = ctx.clock.now();
    const refused: OrderEvent | undefined = ack.ok
      ? undefined
      : { type: kind === 'cancel' ? 'cancel_rejected' : 'modify_rejected', orderId, ts, reason: ack.reason };
    const event = refused ?? (current.state.status === 'modify_pending' ? onAccepted(current) : undefined);
    if (event) await applyEvent(ctx, current, event);
  });
  return ack;
}

/**
 * Cancels one broker order. The cancellation itself is booked when the broker reports it. `inspect` sees the
 * stored order first and may throw to refuse (so a caller's checks need no read of their own).
 */
export const requestCancel = (
  ctx: OrderContext,
  userId: string,
  orderId: string,
  inspect?: (current: OrderRecord | undefined) => void,
) =>
  request(
    ctx,
    userId,
    orderId,
    'cancel',
    (session, id) => session.cancelOrder(id),
    () => undefined,
    inspect,
  );

/**
 * Cancels many broker orders of one user at once (cancel-all, the kill switch): one read and one queue task mark
 * them all cancel-requested, the cancels go to the broker together, and refusals are booked in one more task.
 * Resolves with the broker's answer per id, undefined for an order that could not take a cancel.
 */
export async function requestCancels(
  ctx: OrderContext,
  userId: string,
  orderIds: readonly string[],
): Promise<(BrokerAck | undefined)[]> {
  await Promise.all(orderIds.map((id) => ctx.sending.get(id)));
  const heldCancelled = new Set<string>();
  const marked = await ctx.queue.run(userId, async () => {
    const found = await ctx.store.findByIds(userId, orderIds);
    const ts = ctx.clock.now();
    const out: (OrderRecord | undefined)[] = [];
    for (const orderId of orderIds) {
      const current = found.get(orderId);
      if (current && isHeld(current) && canCancel(current.state)) {
        // A stop the server holds is cancelled here and now.
        if (await applyEvent(ctx, current, { type: 'cancelled', orderId, ts })) heldCancelled.add(orderId);
        out.push(undefined);
        continue;
      }
      const cancellable = current?.kind === 'broker' && current.brokerOrderId && canCancel(current.state);
      out.push(
        cancellable ? await applyEvent(ctx, current, { type: 'cancel_requested', orderId, ts }) : undefined,
      );
    }
    return out;
  });
  const acks = await Promise.all(
    marked.map(async (order, i) => {
      if (heldCancelled.has(orderIds[i] as string)) return HELD_ACK;
      const brokerOrderId = order?.brokerOrderId;
      if (!order || !brokerOrderId) return undefined;
      const session = await ctx.sessions.forOrder(order);
      await ctx.pacer.acquire(userId, session.capabilities.rateLimits, { urgent: true });
      return commandSafely(() => session.cancelOrder(brokerOrderId));
    }),
  );
  const refused = orderIds.filter((_, i) => acks[i]?.ok === false);
  if (refused.length > 0) {
    await ctx.queue.run(userId, async () => {
      const found = await ctx.store.findByIds(userId, refused);
      for (const [i, orderId] of orderIds.entries()) {
        const ack = acks[i];
        const current = found.get(orderId);
        if (!current || !ack || ack.ok) continue;
        const event: OrderEvent = {
          type: 'cancel_rejected',
          orderId,
          ts: ctx.clock.now(),
          reason: ack.reason,
        };
        await applyEvent(ctx, current, event);
      }
    });
  }
  return acks;
}

/**
 * Modifies one broker order. A broker's acceptance of a modification is its confirmation, so the change is booked
 * then (a later 'modified' report from the broker repeats it harmlessly).
 */
export const requestModify = (
  ctx: OrderContext,
  userId: string,
  orderId: string,
  change: ModifyOrderCommand,
) =>
  request(
    ctx,
    userId,
    orderId,
    'modify',
    async (session, id, order) =>
      session.modifyOrder(id, {
        ...change,
        // A moved stop-limit keeps its limit at the user's difference from the new trigger.
        ...(change.triggerPrice !== undefined && change.price === undefined
          ? await stopLimitOffsetOf(ctx, order)
          : {}),
      }),
    (order) => ({
      type: 'modified',
      orderId: order.id,
      ts: ctx.clock.now(),
      ...(change.price !== undefined ? { price: change.price } : {}),
      ...(change.triggerPrice !== undefined ? { triggerPrice: change.triggerPrice } : {}),
      ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
    }),
  );
