import { isFinalStatus } from '@xtrader/core/orders/order-status';
import type { Bus } from '../../bus/bus';
import type { BrokerRegistry } from '../brokers/broker';
import { type OrdersService, orderIdFor } from '../orders/index';
import type { ExitPort, ExitState, OrderActivitySource, PositionSource } from './ports';

// The composition root's adapters from the engine's services to the risk module's ports.

/** Positions straight from the user's broker session (none without a broker). */
export const registryPositions = (registry: BrokerRegistry): PositionSource => ({
  positions: async (userId) => (await (await registry.sessionFor(userId))?.positions()) ?? [],
});

/** Order activity from the order manager's `order.updated` events (on Redis, from every instance). */
export const busOrderActivity = (bus: Bus): OrderActivitySource => ({
  onOrderActivity: (handler) => bus.subscribe('order.updated', ({ userId }) => handler(userId)),
});

/**
 * The square-off through the order manager: cancel all, then every exit of a round in one `squareOff` call (it
 * cancels the positions' bracket/cover legs, applies market protection and slices by the freeze limit). Each exit
 * is placed under the order id derived from its exit id, so its state is read by id, and re-sending an exit the
 * process stopped before recording places it once at most.
 */
export function orderManagerExits(
  orders: Pick<OrdersService, 'cancelAll' | 'cancel' | 'squareOff' | 'orderStates'>,
): ExitPort {
  return {
    async cancelOpenOrders(userId) {
      await orders.cancelAll(userId, { orderType: 'all', tradingSymbol: 'all' });
      return [];
    },

    async placeExits(userId, requests) {
      const acks = await orders.squareOff(
        userId,
        requests.map(({ exitId, position, marketProtection }) => ({
          orderId: orderIdFor(userId, exitId),
          tradingSymbol: position.tradingSymbol,
          productType: position.product,
          marketProtection,
        })),
      );
      return new Map(
        requests.map(({ exitId }) => [
          exitId,
          acks.get(orderIdFor(userId, exitId)) ?? { ok: false, reason: 'Not sent' },
        ]),
      );
    },

    async exitStates(userId, refs) {
      const ids = new Map(refs.map((ref) => [orderIdFor(userId, ref.exitId), ref.exitId]));
      const found = await orders.orderStates(userId, [...ids.keys()]);
      const states = new Map<string, ExitState>();
      for (const [orderId, exitId] of ids) {
        const state = found.get(orderId);
        states.set(
          exitId,
          !state
            ? { status: 'unknown' }
            : isFinalStatus(state)
              ? { status: 'done', reason: state.rejectedReason }
              : { status: 'working' },
        );
      }
      return states;
    },

    async cancelExit(userId, ref) {
      await orders.cancel(userId, orderIdFor(userId, ref.exitId));
    },
  };
}
