import { followUpQuantity, type OrderState } from '@xtrader/core';
import type { PlaceOrderRequest } from '@xtrader/core/api/orders';
import { AppError, BadRequestError } from '../../http/errors';
import { isUniqueViolation } from '../../store/errors';
import type { BrokerSession } from '../brokers/broker';
import type { PriceView } from '../market/contract';
import type { OrderEngine } from './engine';
import { followUpOf } from './follow-up';
import { partsOf } from './group-rules';
import { childIds, newOrderId } from './ids';
import { ORDER_ERRORS } from './messages';
import { checkOrderOptions, checkSliceCap, icebergPlan, resolveTradable } from './placement-rules';
import { buildIceberg, buildOrders, type OrderSpec } from './planner';
import type { OrderRecord, TrailingState, Workflow } from './record';
import { requestFingerprint } from './request-fingerprint';
import { sendPlacements } from './sender';
import { tradableOf } from './tradable';

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
}

function trailingOf(engine: OrderEngine, body: PlaceOrderRequest, view: PriceView, symbol: string) {
  if (!body.trailingEnabled) return null;
  const handler = body.brokerTrailing ? 'broker' : 'local';
  const reference =
    handler === 'local' ? (engine.marketData.getQuote(symbol, view)?.lastPrice ?? null) : null;
  const trailing: TrailingState = {
    active: true,
    handler,
    changeInPrice: body.changeInPrice ?? 0,
    changeInSl: body.changeInSL ?? 0,
    reference,
    pendingReference: null,
  };
  return trailing;
}

/** The follow-up's orders when it goes out with the main order, and the plan stored on the main order. */
function followUpParts(engine: OrderEngine, root: OrderSpec, body: PlaceOrderRequest) {
  const request = followUpOf(body.metaData);
  if (!request) return { orders: [] as OrderRecord[], workflow: {} as Workflow };
  const instrument = engine.instruments.byToken(request.internalToken);
  const tradable = instrument ? tradableOf(instrument, engine.indexTable) : undefined;
  if (!tradable) throw new BadRequestError('metaData.followUp.internalToken: Unknown instrument');
  const waitForFill = body.tradeConfirmation;
  const quantity = followUpQuantity(
    root.quantity,
    root.tradable.lotSize,
    tradable.lotSize,
    request.multiplier,
  );
  // Checked now even when it waits for the fill: it is then scaled to the fill, never above this.
  checkSliceCap(engine, tradable, quantity, 'metaData.followUp');
  const state = waitForFill ? 'waiting' : quantity > 0 ? 'placed' : 'skipped';
  const workflow: Workflow = { followUp: { ...request, waitForFill, state } };
  if (state !== 'placed') return { orders: [], workflow };
  const orders = buildOrders({
    ...root,
    id: childIds.followUp(root.id),
    rootId: root.id,
    parentOrderId: root.id,
    role: 'follow-up',
    isInternal: true,
    category: 'follow-up',
    orderType: 'market',
    side: request.transactionType,
    tradable,
    quantity,
    price: null,
    triggerPrice: null,
    stoplossPoints: null,
    targetPoints: null,
    trailing: null,
    workflow: {},
    idempotencyKey: null,
  });
  return { orders, workflow };
}

async function plan(engine: OrderEngine, userId: string, session: BrokerSession, request: PlacementRequest) {
  const { body } = request;
  checkOrderOptions(body, session);
  const tradable = resolveTradable(engine, body);
  // An iceberg's legs go out one by one (at most ICEBERG_MAX_LEGS); freeze slices go out together, so are capped.
  const legs = request.iceberg ? icebergPlan(body.quantity, tradable, body.icebergLegs) : undefined;
  if (!request.iceberg) checkSliceCap(engine, tradable, body.quantity);
  const priceView = await engine.priceViewFor(userId);
  const bracket = body.orderCategory === 'oco';
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
    trailing: trailingOf(engine, body, priceView, tradable.tradingSymbol),
    idempotencyKey: request.idempotencyKey ?? null,
    now: engine.clock.now(),
  };
  const followUp = followUpParts(engine, spec, body);
  const placedWith = request.idempotencyKey ? { placedWith: fingerprintOf(request) } : {};
  const withWorkflow = { ...spec, workflow: { ...followUp.workflow, ...placedWith } };
  const main = legs && legs.length > 1 ? buildIceberg(withWorkflow, legs) : buildOrders(withWorkflow);
  return [...main, ...followUp.orders];
}

const fingerprintOf = (request: PlacementRequest) =>
  requestFingerprint({ iceberg: request.iceberg, body: request.body });

/**
 * The answer to a retry of an order already stored under its Idempotency-Key: its ids, or a 400 with the broker's
 * reason if it was rejected. A different order under the same key is a 422 (orders stored before fingerprints
 * were kept carry none and are taken as the same).
 */
async function resultOf(
  engine: OrderEngine,
  userId: string,
  earlier: OrderRecord,
  request: PlacementRequest,
): Promise<PlacementResult> {
  const { placedWith } = earlier.workflow;
  if (placedWith !== undefined && placedWith !== fingerprintOf(request)) {
    throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', ORDER_ERRORS.idempotencyKeyReused);
  }
  const { rootId } = earlier;
  const family = await engine.store.listFamily(userId, rootId);
  const root = family.find((order) => order.id === rootId);
  if (!root) throw new Error(`Order ${rootId} vanished`);
  const state: OrderState = root.state;
  if (state.status === 'rejected') {
    throw new BadRequestError(state.rejectedReason ?? 'The order was rejected', 'ORDER_REJECTED');
  }
  const parts = root.kind === 'broker' ? [root] : partsOf(family, root.id);
  return { orderId: root.id, orderIds: parts.map((part) => part.id) };
}

/**
 * POST /order and /order/iceberg: validate, persist the intent (with the idempotency key) before the broker hears
 * of it, send, and answer once the broker has acknowledged every order sent now.
 */
export async function placeOrder(
  engine: OrderEngine,
  userId: string,
  request: PlacementRequest,
): Promise<PlacementResult> {
  const key = request.idempotencyKey;
  const earlier = key ? await engine.store.findByIdempotencyKey(userId, key) : undefined;
  if (earlier) return resultOf(engine, userId, earlier, request);
  const session = await engine.sessions.require(userId);
  const orders = await plan(engine, userId, session, request);
  try {
    await engine.store.insertOrders(orders);
  } catch (error) {
    // A concurrent retry with the same key stored its order first: answer with that one.
    const first =
      key && isUniqueViolation(error) ? await engine.store.findByIdempotencyKey(userId, key) : undefined;
    if (first) return resultOf(engine, userId, first, request);
    throw error;
  }
  const root = orders[0] as OrderRecord;
  if (root.trailing?.active && root.trailing.handler === 'local') engine.trailing.watch(root);
  const acks = await sendPlacements(engine, session, orders);
  const parts = root.kind === 'broker' ? [root] : orders.filter((order) => order.groupId === root.id);
  const answers = parts.map((part) => acks.get(part.id));
  // Refused outright (every exchange order of it): a 400 with the broker's reason. Later rejections arrive as
  // order_failed notifications, as they do from a real broker.
  const refusal = answers.find((ack) => ack?.ok === false);
  if (refusal && !refusal.ok && answers.every((ack) => ack?.ok === false)) {
    throw new BadRequestError(refusal.reason, 'ORDER_REJECTED');
  }
  return { orderId: root.id, orderIds: parts.map((part) => part.id) };
}
