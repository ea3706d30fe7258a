import { MARKET_PROTECTION_DEFAULT_PERCENT } from '@xtrader/core/orders/constants';
import type { PlaceOrderCommand } from '../../brokers/broker';
import type { OrderContext } from '../context/context';
import { isNativeTrailed, type OrderRecord } from '../model/record';
import { indexOf } from '../model/tradable';

// What one of our broker orders says to its broker when it is placed: the command and the user's stop-limit setting.

/** The broker command for one of our broker orders. */
export function toPlaceCommand(order: OrderRecord): PlaceOrderCommand {
  const type = order.brokerOrderType ?? 'market';
  const trailing = order.trailing;
  return {
    clientOrderId: order.id,
    tradingSymbol: order.tradingSymbol,
    internalToken: order.internalToken,
    exchange: order.exchange,
    side: order.side,
    quantity: order.state.quantity,
    product: order.productType,
    orderType: type,
    ...(order.state.price !== null ? { price: order.state.price } : {}),
    ...(order.state.triggerPrice !== null && (type === 'stoploss' || type === 'stoploss_market')
      ? { triggerPrice: order.state.triggerPrice }
      : {}),
    // Exchanges refuse unprotected market orders (SEBI 2026): market and SL-M orders carry the default protection.
    ...(type === 'market' || type === 'stoploss_market'
      ? { marketProtection: MARKET_PROTECTION_DEFAULT_PERCENT }
      : {}),
    ...(trailing && isNativeTrailed(trailing)
      ? { trailing: { changeInPrice: trailing.changeInPrice, changeInSL: trailing.changeInSl } }
      : {}),
  };
}

/**
 * The user's trigger/limit difference for a stop-loss order (none for other orders, or when it cannot be read: the
 * adapter's buffer is the safe fallback, and an order must not fail over a setting).
 */
export async function stopLimitOffsetOf(
  ctx: OrderContext,
  order: OrderRecord,
): Promise<{ stopLimitOffset?: number }> {
  const isStop = order.brokerOrderType === 'stoploss' || order.brokerOrderType === 'stoploss_market';
  const index = indexOf(undefined, order.tradingSymbol);
  if (!isStop || !index || !ctx.stopLimitOffsetFor) return {};
  try {
    const offset = await ctx.stopLimitOffsetFor(order.userId, index);
    return offset !== undefined && offset > 0 ? { stopLimitOffset: offset } : {};
  } catch (error) {
    ctx.logger.warn({ err: error, orderId: order.id }, 'could not read the trigger/limit difference');
    return {};
  }
}
