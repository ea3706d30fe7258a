import type {
  BulkOrderResult,
  CancelMultipleOrdersRequest,
  ModifyMultipleOrdersRequest,
  ModifyOrderRequest,
} from '@xtrader/core/api/orders';
import { isPracticeBroker } from '@xtrader/core/brokers/ids';
import { isFinalStatus } from '@xtrader/core/orders/order-status';
import { otrBand, withinOtrBand } from '@xtrader/core/orders/price-rules';
import type { OrderType } from '@xtrader/core/orders/types';
import { DomainError } from '../../../domain-error';
import type { BrokerAck, ModifyOrderCommand } from '../../brokers/broker';
import type { OrderContext } from '../context/context';
import { lastPriceOf } from '../context/order-prices';
import { cancelledMessage, ORDER_ERRORS } from '../model/messages';
import { isHeld, isPartRole, type OrderRecord } from '../model/record';
import { tradableOfOrder } from '../model/tradable';
import { requestCancel, requestCancels, requestModify, withdrawUnsent } from '../sending/sender';
import {
  findOwnOrder,
  findOwnOrders,
  haltFamilies,
  requireWorking,
  workingBrokerOrders,
} from './order-lookup';

/** A refused request becomes a 400 with the broker's reason (or ours when it could not be sent). */
function firstRefusal(acks: readonly (BrokerAck | undefined)[], whenUnsendable: string): string | undefined {
  for (const ack of acks) {
    if (!ack) return whenUnsendable;
    if (!ack.ok) return ack.reason;
  }
  return acks.length === 0 ? whenUnsendable : undefined;
}

/** A new price for an order: the limit price of a limit order, the trigger of a stop-loss order. */
function priceChange(orderType: OrderType, price: number): ModifyOrderCommand | undefined {
  if (orderType === 'limit') return { price };
  if (orderType === 'stoploss') return { triggerPrice: price };
  return undefined;
}

function checkQuantity(ctx: OrderContext, order: OrderRecord, quantity: number): void {
  if (order.kind === 'group' || isPartRole(order.role))
    throw new DomainError('bad_request', ORDER_ERRORS.groupQuantity);
  if (quantity % order.lotSize !== 0)
    throw new DomainError('bad_request', ORDER_ERRORS.lotMultiple(order.lotSize));
  const { maxPerOrder } = tradableOfOrder(order, ctx.instruments, ctx.indexTable);
  if (quantity > maxPerOrder) throw new DomainError('bad_request', ORDER_ERRORS.aboveFreeze(maxPerOrder));
  if (quantity < order.state.filledQuantity) {
    throw new DomainError('bad_request', ORDER_ERRORS.belowFilled(order.state.filledQuantity));
  }
}

async function modifyWorking(ctx: OrderContext, order: OrderRecord, change: ModifyOrderCommand) {
  const targets = await workingBrokerOrders(ctx, order);
  return Promise.all(targets.map((target) => requestModify(ctx, order.userId, target.id, change)));
}

/** PUT /order/{orderId}: a new price (limit or trigger) and/or quantity. */
export async function modifyOrder(
  ctx: OrderContext,
  userId: string,
  orderId: string,
  body: ModifyOrderRequest,
) {
  const order = await findOwnOrder(ctx, userId, orderId);
  requireWorking(order);
  const change: ModifyOrderCommand = {};
  if (body.triggerPrice !== undefined) {
    const price = priceChange(order.orderType, body.triggerPrice);
    if (!price) throw new DomainError('bad_request', ORDER_ERRORS.marketHasNoPrice);
    requireWithinOtrBand(ctx, order, body.triggerPrice);
    Object.assign(change, price);
  }
  if (body.quantity !== undefined) {
    checkQuantity(ctx, order, body.quantity);
    change.quantity = body.quantity;
  }
  const refusal = firstRefusal(await modifyWorking(ctx, order, change), ORDER_ERRORS.notModifiable);
  if (refusal) throw new DomainError('broker_refused', refusal);
}

/**
 * A modification at a live broker stays inside the exchanges' order-to-trade-ratio band around the last price (a stop
 * held by the server and Practice Mode's paper exchange are not exchange orders; without a price nothing is checked).
 */
function requireWithinOtrBand(ctx: OrderContext, order: OrderRecord, price: number): void {
  if (isPracticeBroker(order.brokerId) || isHeld(order)) return;
  const lastPrice = lastPriceOf(ctx, order);
  if (lastPrice === undefined || withinOtrBand(price, lastPrice)) return;
  const { low, high } = otrBand(lastPrice);
  throw new DomainError('bad_request', ORDER_ERRORS.outsideOtrBand(price, lastPrice, low, high));
}

/** Cancels an order: a broker order, or every working part of a group (which then sends nothing more). */
async function cancelOne(ctx: OrderContext, order: OrderRecord): Promise<string | undefined> {
  if (isFinalStatus(order.state)) return ORDER_ERRORS.alreadyFinal(order.state.status);
  if (order.kind === 'group') await haltFamilies(ctx, order.userId, [order]);
  const working = await workingBrokerOrders(ctx, order);
  const withdrawn = withdrawUnsent(
    ctx,
    order.userId,
    working.map((part) => part.id),
  );
  const targets = working.filter((part) => !withdrawn.has(part.id));
  const acks = await Promise.all(targets.map((target) => requestCancel(ctx, order.userId, target.id)));
  // A halted group with nothing working closes by itself; there is nothing to refuse.
  if (order.kind === 'group' && targets.length === 0) return undefined;
  return firstRefusal(acks, ORDER_ERRORS.notCancellable);
}

/** DELETE /order/{orderId}. Returns the success message. */
export async function cancelOrder(ctx: OrderContext, userId: string, orderId: string): Promise<string> {
  // A placement still waiting for its pacing slot (a slice, or an order behind them) is withdrawn rather than
  // cancelled once sent: it is never sent, and is booked cancelled before this answers.
  const unsent = ctx.unsent.get(orderId);
  if (unsent && withdrawUnsent(ctx, userId, [orderId]).size > 0) {
    await ctx.sending.get(orderId);
    return cancelledMessage(unsent.order.orderType);
  }
  let seen: OrderRecord | undefined;
  // The common case (one broker order) is checked and marked in one step; a group takes the longer way.
  const ack = await requestCancel(ctx, userId, orderId, (current) => {
    if (!current) throw new DomainError('not_found', ORDER_ERRORS.notFound);
    requireWorking(current);
    seen = current;
  });
  const order = seen as OrderRecord | undefined;
  if (!order) throw new DomainError('not_found', ORDER_ERRORS.notFound);
  const refusal =
    order.kind === 'group' ? await cancelOne(ctx, order) : firstRefusal([ack], ORDER_ERRORS.notCancellable);
  if (refusal) throw new DomainError('broker_refused', refusal);
  return cancelledMessage(order.orderType);
}

/**
 * Cancels every working broker order matching `matches` and halts their workflows (no exit legs, follow-ups or
 * iceberg legs are created for them afterwards). Returns how many cancellations were sent.
 */
export async function cancelWhere(
  ctx: OrderContext,
  userId: string,
  matches: (order: OrderRecord) => boolean,
): Promise<number> {
  const working = (await ctx.store.listWorking(userId)).filter(matches);
  if (working.length === 0) return 0;
  await haltFamilies(ctx, userId, working);
  const brokerIds = working.filter((order) => order.kind === 'broker').map((order) => order.id);
  // Slices still waiting for their pacing slot are withdrawn, not sent and then cancelled.
  const withdrawn = withdrawUnsent(ctx, userId, brokerIds);
  const acks = await requestCancels(
    ctx,
    userId,
    brokerIds.filter((id) => !withdrawn.has(id)),
  );
  return acks.filter((ack) => ack?.ok).length;
}

/** POST /order/cancel: every working order, or those of one trading symbol and/or order type. */
export function cancelAll(
  ctx: OrderContext,
  userId: string,
  filter: { orderType: string; tradingSymbol: string },
) {
  return cancelWhere(
    ctx,
    userId,
    (order) =>
      (filter.orderType === 'all' || order.orderType === filter.orderType) &&
      (filter.tradingSymbol === 'all' || order.tradingSymbol === filter.tradingSymbol),
  );
}

const resultOf = (orderId: string, refusal: string | undefined): BulkOrderResult =>
  refusal === undefined ? { orderId, ok: true } : { orderId, ok: false, message: refusal };

/**
 * POST /order/cancelMultipleOrders: all ids must be the caller's (else a 404 and nothing is sent). Answers each
 * order with its outcome: cancelled, or what refused it (the broker's reason, or that it had already ended).
 */
export async function cancelMultiple(
  ctx: OrderContext,
  userId: string,
  body: CancelMultipleOrdersRequest,
): Promise<BulkOrderResult[]> {
  const orders = await findOwnOrders(ctx, userId, [...body.orderIds, ...body.internalOrderIds]);
  return Promise.all(orders.map(async (order) => resultOf(order.id, await cancelOne(ctx, order))));
}

/** A new price for one order of modifyMultipleOrders: why it cannot take it, or undefined once accepted. */
async function modifyOne(ctx: OrderContext, order: OrderRecord, price: number): Promise<string | undefined> {
  if (isFinalStatus(order.state)) return ORDER_ERRORS.alreadyFinal(order.state.status);
  const change = priceChange(order.orderType, price);
  if (!change) return ORDER_ERRORS.marketHasNoPrice;
  return firstRefusal(await modifyWorking(ctx, order, change), ORDER_ERRORS.notModifiable);
}

/** POST /order/modifyMultipleOrders: moves every listed working order to one price; answers each order's outcome. */
export async function modifyMultiple(
  ctx: OrderContext,
  userId: string,
  body: ModifyMultipleOrdersRequest,
): Promise<BulkOrderResult[]> {
  const ids = [...body.orderIds, ...body.internalOrderIds, ...body.targetOrderIds, ...body.stoplossOrderIds];
  const orders = await findOwnOrders(ctx, userId, ids);
  return Promise.all(
    orders.map(async (order) => resultOf(order.id, await modifyOne(ctx, order, body.triggerPrice))),
  );
}
