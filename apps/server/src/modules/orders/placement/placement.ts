import type { PlaceOrderRequest } from '@xtrader/core/api/orders';
import type { OrderState } from '@xtrader/core/orders/order-state';
import { DomainError } from '../../../domain-error';
import { isUniqueViolation } from '../../../store/errors';
import type { BrokerSession } from '../../brokers/broker';
import type { PriceView } from '../../market/contract';
import type { OrderContext } from '../context/context';
import { lastPriceOf } from '../context/order-prices';
import { partsOf } from '../model/group-rules';
import { newOrderId } from '../model/ids';
import { ORDER_ERRORS } from '../model/messages';
import { isServerTrailed, type OrderRecord, type StopLegTrailing, type TrailingState } from '../model/record';
import { sendPlacements } from '../sending/sender';
import { followUpParts } from './follow-up';
import {
  checkOrderOptions,
  checkSliceCap,
  hasStopLeg,
  icebergPlan,
  resolveTradable,
} from './placement-rules';
import { buildIceberg, buildOrders, type OrderSpec } from './planner';
import { requestFingerprint } from './request-fingerprint';

export interface PlacementRequest {
  body: PlaceOrderRequest;
  iceberg: boolean;
  /** Client key of the request: a retry with the same key returns the first order. */
  idempotencyKey?: string | undefined;
}

/** data of POST /order: the user's order and the exchange orders that carry it out. */
export interface PlacementResult {
  orderId: string;
  orderIds: string[];
  /** What was not armed with the order (a follow-up that could not be resolved), for the trader to see. */
  warnings?: string[];
}

/** The trailing a payload asks for: how, and whether the server does it (local, or broker without native). */
function requestedTrailing(body: PlaceOrderRequest, session: BrokerSession): StopLegTrailing | null {
  if (!body.trailingEnabled) return null;
  const handler = body.brokerTrailing ? 'broker' : 'local';
  return {
    handler,
    changeInPrice: body.changeInPrice ?? 0,
    changeInSl: body.changeInSL ?? 0,
    byModify: handler === 'broker' && !session.capabilities.nativeTrailing,
  };
}

/** Trailing of a single stop-loss order, measured from the price at placement when the server trails it. */
function trailingOf(
  ctx: OrderContext,
  request: StopLegTrailing,
  session: BrokerSession,
  view: PriceView,
  symbol: string,
) {
  const byServer = request.handler === 'local' || request.byModify;
  // Measured in the prices the order will trail on: its user's own source at this broker.
  const priced = {
    userId: session.userId,
    brokerId: session.brokerId,
    tradingSymbol: symbol,
    priceView: view,
  };
  const reference = byServer ? (lastPriceOf(ctx, priced) ?? null) : null;
  const trailing: TrailingState = {
    active: true,
    handler: request.handler,
    changeInPrice: request.changeInPrice,
    changeInSl: request.changeInSl,
    reference,
    pendingReference: null,
    ...(request.byModify ? { byModify: true, modifications: 0 } : {}),
    // Local: the stop stays in the server until the price crosses it.
    ...(request.handler === 'local' ? { held: true } : {}),
  };
  return trailing;
}

async function plan(ctx: OrderContext, userId: string, session: BrokerSession, request: PlacementRequest) {
  const { body } = request;
  checkOrderOptions(body);
  const tradable = resolveTradable(ctx, body);
  // An iceberg's legs go out one by one (at most ICEBERG_MAX_LEGS); freeze slices go out together, so are capped.
  const legs = request.iceberg ? icebergPlan(body.quantity, tradable, body.icebergLegs) : undefined;
  if (!request.iceberg) checkSliceCap(ctx, tradable, body.quantity);
  const priceView = ctx.priceViewOf(session.brokerId);
  const bracket = body.orderCategory === 'oco';
  const trail = requestedTrailing(body, session);
  const stopLeg = hasStopLeg(body);
  const spec: OrderSpec = {
    id: newOrderId(),
    userId,
    brokerId: session.brokerId,
    role: 'main',
    isInternal: false,
    category: body.orderCategory,
    orderType: body.orderType,
    side: body.transactionType,
    tradable,
    productType: body.product,
    quantity: body.quantity,
    price: body.orderType === 'limit' ? (body.triggerPrice ?? null) : null,
    triggerPrice: body.orderType === 'stoploss' ? (body.triggerPrice ?? null) : null,
    stoplossPoints: bracket || body.orderCategory === 'cover' ? (body.ocoOrderStoploss ?? null) : null,
    targetPoints: bracket ? (body.ocoOrderTarget ?? null) : null,
    priceView,
    // A bracket/cover entry's auto trail is its stop-loss leg's (below), never the entry's own trigger.
    trailing: trail && !stopLeg ? trailingOf(ctx, trail, session, priceView, tradable.tradingSymbol) : null,
    idempotencyKey: request.idempotencyKey ?? null,
    now: ctx.clock.now(),
  };
  const followUp = followUpParts(ctx, spec, body);
  const placedWith = request.idempotencyKey ? { placedWith: fingerprintOf(request) } : {};
  const trailStopLeg = trail && stopLeg ? { trailStopLeg: trail } : {};
  const hybrid = body.hybridStopPoints ? { hybridStop: { points: body.hybridStopPoints } } : {};
  const workflow = { ...followUp.workflow, ...trailStopLeg, ...placedWith, ...hybrid };
  const withWorkflow = { ...spec, workflow };
  const main = legs && legs.length > 1 ? buildIceberg(withWorkflow, legs) : buildOrders(withWorkflow);
  return { orders: [...main, ...followUp.orders], warning: followUp.warning };
}

const fingerprintOf = (request: PlacementRequest) =>
  requestFingerprint({ iceberg: request.iceberg, body: request.body });

/**
 * The answer to a retry of an order already stored under its Idempotency-Key: its ids, or a 400 with the broker's
 * reason if it was rejected. A different order under the same key is a 422 (orders stored before fingerprints
 * were kept carry none and are taken as the same).
 */
async function resultOf(
  ctx: OrderContext,
  userId: string,
  earlier: OrderRecord,
  request: PlacementRequest,
): Promise<PlacementResult> {
  const { placedWith } = earlier.workflow;
  if (placedWith !== undefined && placedWith !== fingerprintOf(request)) {
    throw new DomainError('idempotency_key_reused', ORDER_ERRORS.idempotencyKeyReused);
  }
  const { rootId } = earlier;
  const family = await ctx.store.listFamily(userId, rootId);
  const root = family.find((order) => order.id === rootId);
  if (!root) throw new Error(`Order ${rootId} vanished`);
  const state: OrderState = root.state;
  if (state.status === 'rejected') {
    throw new DomainError('order_rejected', state.rejectedReason ?? 'The order was rejected');
  }
  const parts = root.kind === 'broker' ? [root] : partsOf(family, root.id);
  return { orderId: root.id, orderIds: parts.map((part) => part.id) };
}

/**
 * POST /order and /order/iceberg: validate, persist the intent (with the idempotency key) before the broker hears
 * of it, send, and answer once the broker has acknowledged every order sent now.
 */
export async function placeOrder(
  ctx: OrderContext,
  userId: string,
  request: PlacementRequest,
  /** The user's active session, resolved once by the caller (undefined: the user has no broker). */
  activeSession: BrokerSession | undefined,
): Promise<PlacementResult> {
  const key = request.idempotencyKey;
  const earlier = key ? await ctx.store.findByIdempotencyKey(userId, key) : undefined;
  if (earlier) return resultOf(ctx, userId, earlier, request);
  if (!activeSession) throw new DomainError('no_broker', ORDER_ERRORS.noBroker);
  const session = activeSession;
  ctx.sessions.listen(session);
  const { orders, warning } = await plan(ctx, userId, session, request);
  try {
    await ctx.store.insertOrders(orders);
  } catch (error) {
    // A concurrent retry with the same key stored its order first: answer with that one.
    const first =
      key && isUniqueViolation(error) ? await ctx.store.findByIdempotencyKey(userId, key) : undefined;
    if (first) return resultOf(ctx, userId, first, request);
    throw error;
  }
  const root = orders[0] as OrderRecord;
  if (isServerTrailed(root.trailing)) void ctx.events.emit('stop.watch', { order: root });
  const acks = await sendPlacements(ctx, session, orders);
  const parts = root.kind === 'broker' ? [root] : orders.filter((order) => order.groupId === root.id);
  const answers = parts.map((part) => acks.get(part.id));
  // Refused outright (every exchange order of it): a 400 with the broker's reason. Later rejections arrive as
  // order_failed notifications, as they do from a real broker.
  const refusal = answers.find((ack) => ack?.ok === false);
  if (refusal && !refusal.ok && answers.every((ack) => ack?.ok === false)) {
    throw new DomainError('order_rejected', refusal.reason);
  }
  const result: PlacementResult = { orderId: root.id, orderIds: parts.map((part) => part.id) };
  return warning === undefined ? result : { ...result, warnings: [warning] };
}
