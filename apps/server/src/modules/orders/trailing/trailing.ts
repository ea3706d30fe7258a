import type { TrailStopLossRequest } from '@xtrader/core/api/orders';
import { validateTrailParams } from '@xtrader/core/orders/input-rules';
import { DomainError } from '../../../domain-error';
import { findOwnOrder, requireWorking, workingBrokerOrders } from '../commands/order-lookup';
import type { OrderContext } from '../context/context';
import { lastPriceOf } from '../context/order-prices';
import { partsOf } from '../model/group-rules';
import { ORDER_ERRORS } from '../model/messages';
import {
  isActiveTrailing,
  isHeld,
  isNativeTrailed,
  isPartRole,
  isServerTrailed,
  type OrderRecord,
  type TrailingState,
} from '../model/record';
import { requestModify } from '../sending/sender';

// Trailing on single stop-loss orders: off -> on by start, on -> off by stop; the mode (broker or local)
// cannot change while trailing, nor on an internal order.

export interface TrailParamsInput {
  changeInPrice: number;
  changeInSL: number;
}

function requireTrailable(order: OrderRecord): void {
  if (order.isInternal || isPartRole(order.role))
    throw new DomainError('bad_request', ORDER_ERRORS.trailingInternal);
  if (order.category !== 'single' || order.orderType !== 'stoploss') {
    throw new DomainError('bad_request', ORDER_ERRORS.trailingOnlySingleSl);
  }
  requireWorking(order);
}

/** Stores the trailing state on the order and on its parts (they are placed and shown with it). */
async function saveTrailing(
  ctx: OrderContext,
  order: OrderRecord,
  change: (current: TrailingState | null) => TrailingState | null,
) {
  await ctx.queue.run(order.userId, async () => {
    const family = await ctx.store.listFamily(order.userId, order.rootId);
    const current = family.find((member) => member.id === order.id);
    if (!current) return;
    const next = change(current.trailing);
    for (const member of [current, ...partsOf(family, current.id)]) {
      await ctx.store.saveOrder({ ...member, trailing: next });
    }
  });
}

/** Hands trailing parameters (or null: stop) to the broker for every working part; a refusal is a 400. */
async function tellBroker(ctx: OrderContext, order: OrderRecord, trailing: TrailParamsInput | null) {
  const params = trailing && { changeInPrice: trailing.changeInPrice, changeInSL: trailing.changeInSL };
  const targets = await workingBrokerOrders(ctx, order);
  const acks = await Promise.all(
    targets.map((target) => requestModify(ctx, order.userId, target.id, { trailing: params })),
  );
  const refused = acks.find((ack) => !ack?.ok);
  if (targets.length === 0 || refused !== undefined) {
    throw new DomainError(
      'broker_refused',
      refused?.ok === false ? refused.reason : ORDER_ERRORS.notModifiable,
    );
  }
}

export async function startTrailing(
  ctx: OrderContext,
  userId: string,
  orderId: string,
  body: TrailStopLossRequest,
) {
  const order = await findOwnOrder(ctx, userId, orderId);
  requireTrailable(order);
  if (isActiveTrailing(order)) throw new DomainError('bad_request', ORDER_ERRORS.trailingAlreadyOn);
  const session = await ctx.sessions.forOrder(order);
  const handler = body.brokerTrailing ? 'broker' : 'local';
  // A stop held in the server can trail only locally: the broker has never seen it.
  if (isHeld(order) && handler === 'broker') throw new DomainError('bad_request', ORDER_ERRORS.trailingHeld);
  // A broker without native trailing: the stop-loss stays at the broker and the server trails it by modifying it.
  const byModify = handler === 'broker' && !session.capabilities.nativeTrailing;
  let reference: number | null = null;
  if (handler === 'broker' && !byModify) {
    await tellBroker(ctx, order, body);
  } else {
    reference = lastPriceOf(ctx, order) ?? null;
    if (reference === null) throw new DomainError('bad_request', ORDER_ERRORS.noPrice(order.tradingSymbol));
  }
  const previous = order.trailing?.modifications;
  const trailing: TrailingState = {
    active: true,
    handler,
    changeInPrice: body.changeInPrice,
    changeInSl: body.changeInSL,
    reference,
    pendingReference: null,
    // The broker's limit counts every modification of the order, also those of an earlier trailing run.
    ...(byModify ? { byModify: true, modifications: previous ?? 0 } : {}),
    ...(isHeld(order) ? { held: true } : {}),
  };
  await saveTrailing(ctx, order, () => trailing);
  if (isServerTrailed(trailing)) void ctx.events.emit('stop.watch', { order });
}

export async function stopTrailing(ctx: OrderContext, userId: string, orderId: string) {
  const order = await findOwnOrder(ctx, userId, orderId);
  requireTrailable(order);
  if (!isActiveTrailing(order) || !order.trailing)
    throw new DomainError('bad_request', ORDER_ERRORS.trailingOff);
  if (isNativeTrailed(order.trailing)) await tellBroker(ctx, order, null);
  // A held stop stays watched for its trigger; it only stops moving.
  if (!isHeld(order)) void ctx.events.emit('stop.unwatch', { orderId: order.id });
  await saveTrailing(ctx, order, (t) => t && { ...t, active: false, pendingReference: null });
}

/** POST /order/editTrailParams/{orderId}: new steps, checked against the minimums of the order's handler. */
export async function editTrailParams(
  ctx: OrderContext,
  userId: string,
  orderId: string,
  body: TrailParamsInput,
) {
  const order = await findOwnOrder(ctx, userId, orderId);
  requireWorking(order);
  const trailing = order.trailing;
  if (!trailing?.active) throw new DomainError('bad_request', ORDER_ERRORS.trailingOff);
  const errors = validateTrailParams(trailing.handler, {
    priceChange: body.changeInPrice,
    slChange: body.changeInSL,
  });
  const first = errors[0];
  if (first) {
    const field = first.field === 'priceChange' ? 'changeInPrice' : 'changeInSL';
    throw new DomainError('bad_request', `${field}: ${first.message}`);
  }
  if (isNativeTrailed(trailing)) await tellBroker(ctx, order, body);
  await saveTrailing(
    ctx,
    order,
    (t) => t && { ...t, changeInPrice: body.changeInPrice, changeInSl: body.changeInSL },
  );
}
