import type { ExitPositionRequest } from '@xtrader/core/api/orders';
import { MARKET_PROTECTION_DEFAULT_PERCENT, ORDER_MESSAGES } from '@xtrader/core/orders/constants';
import { chasePrice } from '@xtrader/core/orders/edge-stops';
import { marketProtectionPrice } from '@xtrader/core/orders/price-rules';
import type { ProductType } from '@xtrader/core/orders/types';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { DomainError } from '../../../domain-error';
import type { BrokerAck, BrokerPosition, BrokerSession } from '../../brokers/broker';
import type { PriceView } from '../../market/contract';
import type { OrderContext } from '../context/context';
import { lastPriceOf } from '../context/order-prices';
import { newOrderId } from '../model/ids';
import { ORDER_ERRORS } from '../model/messages';
import type { OrderRecord } from '../model/record';
import { indexOf, type Tradable, tradableOf } from '../model/tradable';
import { buildOrders } from '../placement/planner';
import { sendPlacements } from '../sending/sender';
import { cancelWhere } from './order-actions';

/** The contract of a position (a contract the directory no longer lists is exited whole, unsliced). */
function tradableOfPosition(ctx: OrderContext, position: BrokerPosition): Tradable {
  const instrument = ctx.instruments.bySymbol(position.tradingSymbol);
  const known = instrument ? tradableOf(instrument, ctx.indexTable) : undefined;
  if (known) return known;
  const index = indexOf(undefined, position.tradingSymbol);
  return {
    internalToken: position.internalToken,
    tradingSymbol: position.tradingSymbol,
    identifier: position.tradingSymbol,
    exchange: index && ctx.indexTable[index].exchange === 'BFO' ? 'BFO' : 'NFO',
    lotSize: 1,
    maxPerOrder: Number.POSITIVE_INFINITY,
  };
}

/** One square-off order: `quantity` (unsigned) of a position, under `id`. */
interface ExitPlan {
  id: string;
  position: BrokerPosition;
  quantity: number;
  marketProtection: number;
  /** Exit chaser: the re-prices it may make before it turns marketable. */
  chaseReprices?: number;
}

/**
 * The orders that square off a position: at market, or as a limit at the market-protection price when protection
 * (a fraction, 0.1 = 10%) is on; sliced by the freeze limit like any order.
 */
function exitOrders(
  ctx: OrderContext,
  session: BrokerSession,
  plan: ExitPlan,
  priceView: PriceView,
): OrderRecord[] {
  const { position, quantity, marketProtection } = plan;
  const side = position.quantity > 0 ? 'sell' : 'buy';
  const priced = {
    userId: session.userId,
    brokerId: session.brokerId,
    tradingSymbol: position.tradingSymbol,
    priceView,
  };
  const ltp = lastPriceOf(ctx, priced) ?? position.lastTradedPrice;
  const protectedPrice =
    marketProtection > 0 ? marketProtectionPrice(ltp, side, marketProtection * 100) : null;
  const chased = chasedExit(ctx, session, plan, priceView);
  if (chased) return chased;
  return buildOrders({
    id: plan.id,
    userId: session.userId,
    brokerId: session.brokerId,
    role: 'exit',
    isInternal: false,
    category: 'single',
    orderType: protectedPrice === null ? 'market' : 'limit',
    side,
    tradable: tradableOfPosition(ctx, position),
    productType: position.product,
    quantity,
    price: protectedPrice,
    priceView,
    now: ctx.clock.now(),
  });
}

/**
 * A chasing exit: one limit order at the best bid (sell) / ask (buy), re-priced by the exit chaser. Undefined (the
 * usual exit) without a best price, or when the exit is sliced by the freeze limit.
 */
function chasedExit(
  ctx: OrderContext,
  session: BrokerSession,
  plan: ExitPlan,
  priceView: PriceView,
): OrderRecord[] | undefined {
  const { position, quantity, chaseReprices } = plan;
  if (chaseReprices === undefined) return undefined;
  const side = position.quantity > 0 ? 'sell' : 'buy';
  const source = ctx.prices.sourceOf(session.userId, session.brokerId);
  const quote = ctx.prices.getQuote(source, position.tradingSymbol, priceView);
  const price = quote ? chasePrice(side, { bid: quote.bid ?? null, ask: quote.ask ?? null }) : null;
  if (price === null) return undefined;
  const protectionPercent =
    plan.marketProtection > 0 ? plan.marketProtection * 100 : MARKET_PROTECTION_DEFAULT_PERCENT;
  const orders = buildOrders({
    id: plan.id,
    userId: session.userId,
    brokerId: session.brokerId,
    role: 'exit',
    isInternal: false,
    category: 'single',
    orderType: 'limit',
    side,
    tradable: tradableOfPosition(ctx, position),
    productType: position.product,
    quantity,
    price,
    priceView,
    now: ctx.clock.now(),
    workflow: { chase: { max: chaseReprices, reprices: 0, protectionPercent } },
  });
  return orders.length === 1 ? orders : undefined;
}

/**
 * Places the exits together: the bracket and cover legs of every position exited whole are cancelled first (they
 * would reopen it), then all exit orders are stored in one statement and sent at once. Resolves with the broker's
 * answer per exit id (a sliced exit answers with its first refused slice).
 */
async function placeExits(
  ctx: OrderContext,
  session: BrokerSession,
  plans: readonly ExitPlan[],
  /** Exit all has cancelled every working order already: no second look for exit legs. */
  legsCancelled = false,
): Promise<Map<string, BrokerAck>> {
  if (plans.length === 0) return new Map();
  const userId = session.userId;
  const whole = new Set(
    plans
      .filter((plan) => plan.quantity === Math.abs(plan.position.quantity))
      .map((plan) => positionKey(plan.position)),
  );
  if (whole.size > 0 && !legsCancelled) {
    await cancelWhere(
      ctx,
      userId,
      (order) =>
        (order.category === 'oco-exit' || order.category === 'cover-exit') &&
        whole.has(positionKey({ tradingSymbol: order.tradingSymbol, product: order.productType })),
    );
  }
  const priceView = ctx.priceViewOf(session.brokerId);
  const orders = plans.flatMap((plan) => exitOrders(ctx, session, plan, priceView));
  await ctx.store.insertOrders(orders);
  const acks = await sendPlacements(ctx, session, orders);
  for (const order of orders) {
    if (order.workflow.chase && acks.get(order.id)?.ok) void ctx.events.emit('exit.chase', { order });
  }
  return new Map(
    plans.map((plan) => {
      const own = orders.filter((order) => order.kind === 'broker' && order.rootId === plan.id);
      const refused = own.map((order) => acks.get(order.id)).find((ack) => ack && !ack.ok);
      return [plan.id, refused ?? (acks.get(own[0]?.id ?? '') as BrokerAck)];
    }),
  );
}

/** POST /order/exit/{tradingSymbol}/{productType}: `quantity` is the signed quantity to exit (short < 0). */
export async function exitPosition(
  ctx: OrderContext,
  userId: string,
  tradingSymbol: string,
  productType: ProductType,
  body: ExitPositionRequest,
): Promise<void> {
  const session = await ctx.sessions.require(userId);
  const position = (await session.positions()).find(
    (p) => p.tradingSymbol === tradingSymbol && p.product === productType,
  );
  if (!position || position.quantity === 0)
    throw new DomainError('bad_request', ORDER_MESSAGES.noPositionToExit);
  if (Math.sign(body.quantity) !== Math.sign(position.quantity))
    throw new DomainError('bad_request', ORDER_ERRORS.positionSide);
  const quantity = Math.min(Math.abs(body.quantity), Math.abs(position.quantity));
  await placeExits(ctx, session, [
    {
      id: newOrderId(),
      position,
      quantity,
      marketProtection: body.marketProtection,
      ...(body.chase ? { chaseReprices: body.chase.reprices } : {}),
    },
  ]);
}

/** One exit of a square-off under an id the caller chose: the whole position of `tradingSymbol`/`productType`. */
export interface SquareOffExit {
  orderId: string;
  tradingSymbol: string;
  productType: ProductType;
  /** Fraction, 0 to 0.1 (0 = market order). */
  marketProtection: number;
}

export type SquareOffAck = { ok: true } | { ok: false; reason: string };

/**
 * Squares off whole positions in one step, each exit under the caller's order id (the kill switch's). An id
 * already stored is not placed again but answered from its state, so re-sending after a restart is safe; a
 * position that is flat by now is answered as such. One positions read, one store write and one batch of broker
 * calls however many positions: the kill switch's latency is this path's.
 */
export async function squareOff(
  ctx: OrderContext,
  userId: string,
  exits: readonly SquareOffExit[],
): Promise<Map<string, SquareOffAck>> {
  const session = await ctx.sessions.require(userId);
  const [stored, held] = await Promise.all([
    ctx.store.findByIds(
      userId,
      exits.map((exit) => exit.orderId),
    ),
    session.positions(),
  ]);
  const answers = new Map<string, SquareOffAck>();
  const plans: ExitPlan[] = [];
  for (const exit of exits) {
    const known = stored.get(exit.orderId);
    if (known) {
      const reason = known.state.rejectedReason;
      answers.set(
        exit.orderId,
        known.state.status === 'rejected' ? { ok: false, reason: reason ?? '' } : { ok: true },
      );
      continue;
    }
    const position = held.find(
      (p) => p.tradingSymbol === exit.tradingSymbol && p.product === exit.productType,
    );
    if (!position || position.quantity === 0) {
      answers.set(exit.orderId, { ok: false, reason: ORDER_MESSAGES.noPositionToExit });
      continue;
    }
    const quantity = Math.abs(position.quantity);
    plans.push({ id: exit.orderId, position, quantity, marketProtection: exit.marketProtection });
  }
  for (const [id, ack] of await placeExits(ctx, session, plans))
    answers.set(id, ack.ok ? { ok: true } : { ok: false, reason: ack.reason });
  return answers;
}

/** POST /order/exitAllPositions: cancels every working order, then squares off every open position. */
export async function exitAllPositions(
  ctx: OrderContext,
  userId: string,
  marketProtection: number,
): Promise<void> {
  const session = await ctx.sessions.require(userId);
  await cancelWhere(ctx, userId, () => true);
  const open = (await session.positions()).filter((position) => position.quantity !== 0);
  await placeExits(
    ctx,
    session,
    open.map((position) => ({
      id: newOrderId(),
      position,
      quantity: Math.abs(position.quantity),
      marketProtection,
    })),
    true,
  );
}
