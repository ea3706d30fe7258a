import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { BrokerCapabilities, BrokerSession } from '../broker';
import { perSecond } from '../live-kit/pacer';

/**
 * The paper exchange trails stop-losses itself; icebergs are left to the order manager (as with brokers that
 * lack them). It has no real rate limit, so the engine need not throttle.
 */
export const PAPER_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: true,
  nativeIceberg: false,
  rateLimits: perSecond(1000),
});

type AsyncCalls = 'placeOrder' | 'modifyOrder' | 'cancelOrder' | 'listOrders' | 'onOrderUpdate';
type ForUser<F> = F extends (...args: infer A) => infer R ? (userId: string, ...args: A) => R : never;
/** Positions and funds the exchange answers at once; the session hands them over as promises. */
type ForUserAtOnce<F> = F extends (...args: infer A) => infer R
  ? (userId: string, ...args: A) => Awaited<R>
  : never;

/**
 * What a session needs of the shared exchange: each session call with the user first. Named here rather than
 * importing the exchange, which creates the sessions (so the two files do not import each other).
 */
export type PaperDesk = { [K in AsyncCalls]: ForUser<BrokerSession[K]> } & {
  [K in 'positions' | 'margin']: ForUserAtOnce<BrokerSession[K]>;
};

/** One Practice Mode user's session on the shared paper exchange. */
export function createPaperSession(exchange: PaperDesk, userId: string): BrokerSession {
  return {
    brokerId: PRACTICE_BROKER_ID,
    userId,
    capabilities: PAPER_CAPABILITIES,
    placeOrder: (cmd) => exchange.placeOrder(userId, cmd),
    modifyOrder: (brokerOrderId, cmd) => exchange.modifyOrder(userId, brokerOrderId, cmd),
    cancelOrder: (brokerOrderId) => exchange.cancelOrder(userId, brokerOrderId),
    listOrders: () => exchange.listOrders(userId),
    positions: async () => exchange.positions(userId),
    margin: async () => exchange.margin(userId),
    onOrderUpdate: (handler) => exchange.onOrderUpdate(userId, handler),
  };
}
