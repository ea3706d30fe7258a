import type {
  BulkOrderResult,
  CancelMultipleOrdersRequest,
  ExitPositionRequest,
  ModifyMultipleOrdersRequest,
  ModifyOrderRequest,
  OrdersResponse,
  PlaceOrderRequest,
  TrailStopLossRequest,
} from '@xtrader/core/api/orders';
import type { OrderState } from '@xtrader/core/orders/order-state';
import type { ProductType } from '@xtrader/core/orders/types';
import {
  exitAllPositions,
  exitPosition,
  type SquareOffAck,
  type SquareOffExit,
  squareOff,
} from './commands/exits';
import {
  cancelAll,
  cancelMultiple,
  cancelOrder,
  modifyMultiple,
  modifyOrder,
} from './commands/order-actions';
import type { OrderContext } from './context/context';
import { type PlacementRequest, type PlacementResult, placeOrder } from './placement/placement';
import { listOrders } from './read/read-model';
import { recoverOrders, resyncUser } from './recovery/recovery';
import { withdrawUnsent } from './sending/sender';
import { editTrailParams, startTrailing, stopTrailing, type TrailParamsInput } from './trailing/trailing';

/**
 * Runs before anything is placed, with the broker the order would go to (null: the user has none) and the order
 * asked for; throws (e.g. a `subscription_required` DomainError) to refuse the order.
 */
export type PlacementGuard = (
  userId: string,
  brokerId: string | null,
  body: PlaceOrderRequest,
) => Promise<void>;

/** Told of each order placed through POST /order (its user and root order id), after the broker took it. */
export type PlacementListener = (userId: string, orderId: string) => void | Promise<void>;

/** Every order action and read, each scoped to the calling user. */
export interface OrdersService {
  place(userId: string, request: PlacementRequest): Promise<PlacementResult>;
  modify(userId: string, orderId: string, body: ModifyOrderRequest): Promise<void>;
  /** Returns the product's message ('{Type} order cancellation triggered!'). */
  cancel(userId: string, orderId: string): Promise<string>;
  cancelAll(userId: string, filter: { orderType: string; tradingSymbol: string }): Promise<number>;
  /** Each order's outcome: cancelled, or what refused it. */
  cancelMultiple(userId: string, body: CancelMultipleOrdersRequest): Promise<BulkOrderResult[]>;
  /** Each order's outcome: modified, or what refused it. */
  modifyMultiple(userId: string, body: ModifyMultipleOrdersRequest): Promise<BulkOrderResult[]>;
  startTrailing(userId: string, orderId: string, body: TrailStopLossRequest): Promise<void>;
  stopTrailing(userId: string, orderId: string): Promise<void>;
  editTrailParams(userId: string, orderId: string, body: TrailParamsInput): Promise<void>;
  exitPosition(
    userId: string,
    tradingSymbol: string,
    productType: ProductType,
    body: ExitPositionRequest,
  ): Promise<void>;
  exitAll(userId: string, marketProtection: number): Promise<void>;
  /**
   * Squares off whole positions, each exit under the caller's order id (idempotent: an id already placed is
   * answered from its state, never placed twice). The kill switch's path.
   */
  squareOff(userId: string, exits: readonly SquareOffExit[]): Promise<Map<string, SquareOffAck>>;
  /** The state of the user's orders among `ids`, by id (unknown ids are absent). */
  orderStates(userId: string, ids: readonly string[]): Promise<Map<string, OrderState>>;
  listOrders(userId: string): Promise<OrdersResponse>;
  /** Drops a user's orders at one broker (Practice Mode funds reset clears the paper orders). */
  forgetBrokerOrders(userId: string, brokerId: string): Promise<void>;
  /** After a broker reconnect: listen to the user's session again and catch up on missed updates. */
  resync(userId: string): Promise<void>;
  /** Reloads stored orders and carries on their workflows (run once at start). */
  recover(): Promise<void>;
  /** Resolves when no order work is in flight (tests, shutdown). */
  idle(): Promise<void>;
}

export function createOrdersService(
  ctx: OrderContext,
  placementGuards: readonly PlacementGuard[] = [],
  placementListeners: readonly PlacementListener[] = [],
): OrdersService {
  return {
    async place(userId, request) {
      // The one read of the user's active broker for this order: the session it goes through. The guards and the
      // price view are derived from that session's broker, never read again.
      const session = await ctx.sessions.peek(userId);
      for (const guard of placementGuards) await guard(userId, session?.brokerId ?? null, request.body);
      const result = await placeOrder(ctx, userId, request, session);
      for (const listener of placementListeners) await listener(userId, result.orderId);
      return result;
    },
    modify: (userId, orderId, body) => modifyOrder(ctx, userId, orderId, body),
    cancel: (userId, orderId) => cancelOrder(ctx, userId, orderId),
    cancelAll: (userId, filter) => cancelAll(ctx, userId, filter),
    cancelMultiple: (userId, body) => cancelMultiple(ctx, userId, body),
    modifyMultiple: (userId, body) => modifyMultiple(ctx, userId, body),
    startTrailing: (userId, orderId, body) => startTrailing(ctx, userId, orderId, body),
    stopTrailing: (userId, orderId) => stopTrailing(ctx, userId, orderId),
    editTrailParams: (userId, orderId, body) => editTrailParams(ctx, userId, orderId, body),
    exitPosition: (userId, symbol, productType, body) => exitPosition(ctx, userId, symbol, productType, body),
    exitAll: (userId, marketProtection) => exitAllPositions(ctx, userId, marketProtection),
    squareOff: (userId, exits) => squareOff(ctx, userId, exits),
    async orderStates(userId, ids) {
      const found = await ctx.store.findByIds(userId, ids);
      return new Map([...found].map(([id, order]) => [id, order.state]));
    },
    listOrders: (userId) => listOrders(ctx, userId),
    async forgetBrokerOrders(userId, brokerId) {
      // Placements still waiting to go out are withdrawn, so the reset does not wait for them to be sent.
      const unsent = [...ctx.unsent.values()].filter(
        ({ order }) => order.userId === userId && order.brokerId === brokerId,
      );
      withdrawUnsent(
        ctx,
        userId,
        unsent.map(({ order }) => order.id),
      );
      // Only this user's work: another user's slow broker or long exit must not hold up this reset.
      await ctx.tracker.idle(userId);
      await ctx.queue.run(userId, () => ctx.store.deleteBrokerOrders(userId, brokerId));
    },
    resync: (userId) => resyncUser(ctx, userId),
    recover: () => recoverOrders(ctx),
    idle: () => ctx.tracker.idle(),
  };
}
