import type { PlaceOrderInput } from '@xtrader/core/api/orders';
import type { Position } from '@xtrader/core/api/portfolio';
import { ORDER_MESSAGES } from '@xtrader/core/orders/constants';
import { isValidOrderPrice } from '@xtrader/core/orders/price-rules';

export type QuickOrderKind = 'stopLoss' | 'target';

/**
 * The order behind 'place stop-loss' / 'place target' on a position: the whole open quantity on the closing side,
 * a stop-loss at the trigger or a limit at the target price. Refused under 0.05.
 */
export function quickOrderBody(
  position: Position,
  kind: QuickOrderKind,
  price: number,
): { ok: true; body: PlaceOrderInput } | { ok: false; message: string } {
  if (!isValidOrderPrice(price)) return { ok: false, message: ORDER_MESSAGES.invalidPrice };
  if (position.quantity === 0) return { ok: false, message: ORDER_MESSAGES.noPositionToExit };
  return {
    ok: true,
    body: {
      exchange: position.exchange,
      internalToken: position.internalToken,
      quantity: Math.abs(position.quantity),
      slice: 0,
      transactionType: position.quantity > 0 ? 'sell' : 'buy',
      validity: 'day',
      variety: 'regular',
      product: position.productType,
      orderType: kind === 'stopLoss' ? 'stoploss' : 'limit',
      triggerPrice: price,
      orderCategory: 'single',
      ocoOrderUnit: 'points',
      trailingEnabled: false,
    },
  };
}
