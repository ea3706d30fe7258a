import type { PlaceOrderCommand } from '../broker';
import { stopLimitPrice } from '../live/order-rules';

// Every broker's placement reads our order type the same way: a market order, a limit order at its price, and a stop
// (limit or market) that goes out as a stop-limit, its limit the trader's own or the protective one of the exchange
// rules (live/order-rules.ts). Each broker says only how those look in its request.

/** What an order's prices depend on. */
export type PricingCommand = Pick<
  PlaceOrderCommand,
  'orderType' | 'price' | 'triggerPrice' | 'side' | 'marketProtection' | 'stopLimitOffset'
>;

/** How one broker writes each kind of order's type and prices. */
export interface PricingShapes<P> {
  market(): P;
  limit(price: number | undefined): P;
  /** A stop as the stop-limit it goes out as. */
  stopLimit(trigger: number, price: number): P;
}

export function pricedByOrderType<P>(cmd: PricingCommand, shapes: PricingShapes<P>): P {
  switch (cmd.orderType) {
    case 'market':
      return shapes.market();
    case 'limit':
      return shapes.limit(cmd.price);
    case 'stoploss':
    case 'stoploss_market': {
      const trigger = cmd.triggerPrice ?? 0;
      const own = cmd.orderType === 'stoploss' ? cmd.price : undefined;
      return shapes.stopLimit(
        trigger,
        own ?? stopLimitPrice(trigger, cmd.side, cmd.marketProtection, cmd.stopLimitOffset),
      );
    }
  }
}
