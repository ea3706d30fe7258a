import type { Order } from '@xtrader/core/api/orders';
import type { Bus } from '../../bus/bus';
import type { BrokerRegistry } from '../brokers/broker';
import type { OrdersService } from '../orders/index';
import { errorText } from './kill-switch';
import type { ExitPort, ExitRef, ExitState, OrderActivitySource, PositionSource } from './ports';

// The composition root's adapters from the engine's services to the risk module's ports.

/** Positions straight from the user's broker session (none without a broker). */
export const registryPositions = (registry: BrokerRegistry): PositionSource => ({
  positions: async (userId) => (await (await registry.sessionFor(userId))?.positions()) ?? [],
});

/** Order activity from the order manager's `order.updated` events (on Redis, from every instance). */
export const busOrderActivity = (bus: Bus): OrderActivitySource => ({
  onOrderActivity: (handler) => bus.subscribe('order.updated', ({ userId }) => handler(userId)),
});

const onPosition = (ref: ExitRef) => (order: Order) =>
  order.tradingSymbol === ref.tradingSymbol && order.productType === ref.product;
const latest = (orders: Order[]) =>
  orders.reduce<Order | undefined>((a, b) => (!a || b.time > a.time ? b : a), undefined);

/**
 * The square-off through the order manager: cancel all, and per position its exit (the order manager cancels the
 * position's bracket/cover legs, applies market protection and slices by the freeze limit). The order manager
 * returns no id for an exit, so an exit's state is read per position: working while an order on the position is
 * open (after cancel-all, only the square-off's own exits are), else final with the latest rejection's reason.
 * Never reporting `unknown` means the kill switch never re-sends an exit under an old id; it sends a new one only
 * when nothing is working on the position, for the quantity still open.
 */
export function orderManagerExits(
  orders: Pick<OrdersService, 'cancelAll' | 'exitPosition' | 'listOrders'>,
): ExitPort {
  return {
    async cancelOpenOrders(userId) {
      await orders.cancelAll(userId, { orderType: 'all', tradingSymbol: 'all' });
      return [];
    },

    async placeExit(userId, { position, marketProtection }) {
      try {
        await orders.exitPosition(userId, position.tradingSymbol, position.product, {
          quantity: position.quantity,
          marketProtection,
        });
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: errorText(error) };
      }
    },

    async exitStates(userId, refs) {
      const { openOrders, rejectedOrders } = await orders.listOrders(userId);
      const states = new Map<string, ExitState>();
      for (const ref of refs) {
        const working = openOrders.some(onPosition(ref));
        const rejected = latest(rejectedOrders.filter(onPosition(ref)));
        states.set(
          ref.exitId,
          working ? { status: 'working' } : { status: 'done', reason: rejected?.rejectedReason ?? null },
        );
      }
      return states;
    },

    async cancelExit(userId, ref) {
      const { openOrders } = await orders.listOrders(userId);
      if (openOrders.some(onPosition(ref))) {
        await orders.cancelAll(userId, { orderType: 'all', tradingSymbol: ref.tradingSymbol });
      }
    },
  };
}
