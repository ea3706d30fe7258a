import { marketProtectionPrice, ORDER_MESSAGES, type ProductType } from '@xtrader/core';
import type { ExitPositionRequest } from '@xtrader/core/api/orders';
import { BadRequestError } from '../../http/errors';
import type { BrokerPosition, BrokerSession } from '../brokers/broker';
import type { OrderEngine } from './engine';
import { newOrderId } from './ids';
import { ORDER_ERRORS } from './messages';
import { cancelWhere } from './order-actions';
import { buildOrders } from './planner';
import { sendPlacements } from './sender';
import { indexOf, type Tradable, tradableOf } from './tradable';

/** The contract of a position (a contract the directory no longer lists is exited whole, unsliced). */
function tradableOfPosition(engine: OrderEngine, position: BrokerPosition): Tradable {
  const instrument = engine.instruments.bySymbol(position.tradingSymbol);
  const known = instrument ? tradableOf(instrument, engine.indexTable) : undefined;
  if (known) return known;
  const index = indexOf(undefined, position.tradingSymbol);
  return {
    internalToken: position.internalToken,
    tradingSymbol: position.tradingSymbol,
    identifier: position.tradingSymbol,
    exchange: index && engine.indexTable[index].exchange === 'BFO' ? 'BFO' : 'NFO',
    lotSize: 1,
    maxPerOrder: Number.POSITIVE_INFINITY,
  };
}

/**
 * Squares off `quantity` of a position at market, or as a limit at the market-protection price when protection
 * (a fraction, 0.1 = 10%) is on; sliced by the freeze limit like any order.
 */
async function placeExit(
  engine: OrderEngine,
  session: BrokerSession,
  position: BrokerPosition,
  quantity: number,
  marketProtection: number,
): Promise<void> {
  const userId = session.userId;
  const side = position.quantity > 0 ? 'sell' : 'buy';
  const priceView = await engine.priceViewFor(userId);
  const ltp =
    engine.marketData.getQuote(position.tradingSymbol, priceView)?.lastPrice ?? position.lastTradedPrice;
  const protectedPrice =
    marketProtection > 0 ? marketProtectionPrice(ltp, side, marketProtection * 100) : null;
  const orders = buildOrders({
    id: newOrderId(),
    userId,
    brokerId: session.brokerId,
    role: 'exit',
    isInternal: false,
    category: 'single',
    orderType: protectedPrice === null ? 'market' : 'limit',
    side,
    tradable: tradableOfPosition(engine, position),
    productType: position.product,
    quantity,
    price: protectedPrice,
    priceView,
    now: engine.clock.now(),
  });
  await engine.store.insertOrders(orders);
  await sendPlacements(engine, session, orders);
}

/** Bracket and cover exit legs still working on a position, which would reopen it once it is squared off. */
const exitLegsOf =
  (tradingSymbol: string, productType: ProductType) =>
  (order: { category: string; tradingSymbol: string; productType: ProductType }) =>
    (order.category === 'oco-exit' || order.category === 'cover-exit') &&
    order.tradingSymbol === tradingSymbol &&
    order.productType === productType;

/** POST /order/exit/{tradingSymbol}/{productType}: `quantity` is the signed quantity to exit (short < 0). */
export async function exitPosition(
  engine: OrderEngine,
  userId: string,
  tradingSymbol: string,
  productType: ProductType,
  body: ExitPositionRequest,
): Promise<void> {
  const session = await engine.sessions.require(userId);
  const position = (await session.positions()).find(
    (p) => p.tradingSymbol === tradingSymbol && p.product === productType,
  );
  if (!position || position.quantity === 0) throw new BadRequestError(ORDER_MESSAGES.noPositionToExit);
  if (Math.sign(body.quantity) !== Math.sign(position.quantity))
    throw new BadRequestError(ORDER_ERRORS.positionSide);
  const quantity = Math.min(Math.abs(body.quantity), Math.abs(position.quantity));
  if (quantity === Math.abs(position.quantity)) {
    await cancelWhere(engine, userId, exitLegsOf(tradingSymbol, productType));
  }
  await placeExit(engine, session, position, quantity, body.marketProtection);
}

/** POST /order/exitAllPositions: cancels every working order, then squares off every open position. */
export async function exitAllPositions(
  engine: OrderEngine,
  userId: string,
  marketProtection: number,
): Promise<void> {
  const session = await engine.sessions.require(userId);
  await cancelWhere(engine, userId, () => true);
  const open = (await session.positions()).filter((position) => position.quantity !== 0);
  await Promise.all(
    open.map((position) =>
      placeExit(engine, session, position, Math.abs(position.quantity), marketProtection),
    ),
  );
}
