import type { Notification } from '@xtrader/core/api/notifications';
import type { PriceSourceId, PriceView } from '../../market/contract';
import type { OrderContext } from '../context/context';

/**
 * Local trailing and held stops act only on prices they may trust: while the market module holds a price of the
 * order's source (stale), the order is paused, logged and the trader told once, until a price it may act on
 * arrives.
 */
export function createPricePauses(ctx: Pick<OrderContext, 'prices' | 'logger' | 'bus' | 'clock'>) {
  const paused = new Set<string>();

  const announce = (orderId: string, userId: string, symbol: string, message: string) => {
    ctx.logger.warn({ orderId, userId, symbol }, `local trailing paused: ${message}`);
    const notification: Notification = {
      notificationType: 'automation_paused',
      timestamp: new Date(ctx.clock.now()).toISOString(),
      identifier: symbol,
      transactionType: null,
      quantity: null,
      averagePrice: null,
      status: 'TRAILING PAUSED',
      statusMessage: `${symbol}: trailing and held stops ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
    };
    void ctx.bus
      .publish('notification', { userId, notification })
      .catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'pause notice failed'));
  };

  return {
    /** True when the order must not act on this price now. */
    holds(orderId: string, userId: string, source: PriceSourceId, symbol: string, view: PriceView): boolean {
      const hold = ctx.prices.holdOf(source, symbol, view);
      if (!hold) {
        paused.delete(orderId);
        return false;
      }
      if (!paused.has(orderId)) {
        paused.add(orderId);
        announce(orderId, userId, symbol, hold.message);
      }
      return true;
    },
    forget(orderId: string): void {
      paused.delete(orderId);
    },
  };
}
