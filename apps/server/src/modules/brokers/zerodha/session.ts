import { ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { Clock } from '../../../clock';
import type {
  BrokerAck,
  BrokerCapabilities,
  BrokerOrderSnapshot,
  BrokerOrderUpdate,
  BrokerSession,
  ModifyOrderCommand,
  PlaceOrderCommand,
} from '../broker';
import type { OrderRateGovernor } from '../live/governor';
import { OrderReportTracker } from '../live/order-tracker';
import type { KiteApi, KiteVariety } from './kite-api';
import { classifyKiteError, type KiteApiError } from './kite-errors';
import type { KiteOrder } from './kite-schemas';
import {
  fromKiteMargin,
  fromKiteOrder,
  fromKitePositions,
  kiteOrderTime,
  toKiteModification,
  toKitePlacement,
  toOrderReport,
} from './map';
import { clientOrderIdOf } from './tags';

/**
 * Kite has no trailing stop for regular orders (the engine trails locally) and handles icebergs itself. The engine
 * paces to 9 per second; the session's own governor enforces the same per user whatever the caller does.
 */
export const ZERODHA_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: true,
  maxOrdersPerSecond: 9,
  // Kite refuses the 26th modification of an order ("Maximum allowed order modifications exceeded").
  maxModificationsPerOrder: 25,
});

/** Raised by `placeOrder` when the request may or may not have reached Kite: the engine must look it up. */
export class KiteOutcomeUnknownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KiteOutcomeUnknownError';
  }
}

export interface ZerodhaSessionDeps {
  userId: string;
  clock: Clock;
  governor: OrderRateGovernor;
  /** The user's authenticated client; rejects with a token_expired KiteApiError when there is no live session. */
  api(): Promise<KiteApi>;
  /** Kite said the token is dead: the account is marked expired and the UI shows a disconnected broker. */
  onTokenExpired(): void;
}

/** A Zerodha session that also accepts Kite's order reports (ticker and postback) for its user. */
export interface ZerodhaSession extends BrokerSession {
  /** One order report from the ticker or a postback. */
  deliver(order: KiteOrder): void;
  /** Records Kite's order book as already known (at start, when the engine reconciles it itself). */
  seed(): Promise<void>;
  /**
   * After a gap in the reports (ticker reconnect, 'Subscribe Updates'): reads the order book and delivers every
   * change since the last report as if it had been reported, so nothing that happened meanwhile is lost.
   */
  catchUp(): Promise<void>;
}

type Known = Pick<BrokerOrderSnapshot, 'orderType' | 'side' | 'tradingSymbol' | 'price' | 'triggerPrice'> & {
  variety: KiteVariety;
};

const failure = (error: KiteApiError): BrokerAck => ({ ok: false, reason: error.message, code: error.code });

export function createZerodhaSession(deps: ZerodhaSessionDeps): ZerodhaSession {
  const { userId, clock } = deps;
  const handlers = new Set<(update: BrokerOrderUpdate) => void>();
  const tracker = new OrderReportTracker('Zerodha');
  const known = new Map<string, Known>();

  const learn = (order: KiteOrder) => {
    const snap = fromKiteOrder(order, clock.now());
    known.set(order.order_id, { ...snap, variety: order.variety === 'iceberg' ? 'iceberg' : 'regular' });
  };

  /** Runs a Kite call; a dead token is reported once and comes back as a classified error. */
  const kite = async <T>(run: (api: KiteApi) => Promise<T>): Promise<T> => {
    try {
      return await run(await deps.api());
    } catch (error) {
      const classified = classifyKiteError(error);
      if (classified.code === 'token_expired') deps.onTokenExpired();
      throw classified;
    }
  };

  const orders = async () => {
    const rows = await kite((api) => api.orders());
    for (const row of rows) learn(row);
    return rows;
  };

  const knownOrder = async (brokerOrderId: string): Promise<Known | undefined> => {
    if (!known.has(brokerOrderId)) await orders();
    return known.get(brokerOrderId);
  };

  /** Modify and cancel: a refusal or failure is an answer, never an exception. */
  const command = async (brokerOrderId: string, send: (api: KiteApi, order: Known) => Promise<void>) => {
    try {
      const order = await knownOrder(brokerOrderId);
      if (!order)
        return { ok: false, reason: `Zerodha has no order ${brokerOrderId}`, code: 'not_found' } as const;
      await deps.governor.acquire(userId);
      await kite((api) => send(api, order));
      return { ok: true, brokerOrderId } as const;
    } catch (error) {
      return failure(classifyKiteError(error));
    }
  };

  const deliver = (order: KiteOrder) => {
    learn(order);
    const receivedTs = clock.now();
    const eventTs = kiteOrderTime(order, receivedTs);
    const clientOrderId = clientOrderIdOf(order.tag);
    for (const event of tracker.events(toOrderReport(order))) {
      const update: BrokerOrderUpdate = {
        userId,
        brokerOrderId: order.order_id,
        ...(clientOrderId ? { clientOrderId } : {}),
        event,
        eventTs,
        receivedTs,
      };
      for (const handler of handlers) handler(update);
    }
  };

  return {
    brokerId: ZERODHA_BROKER_ID,
    userId,
    capabilities: ZERODHA_CAPABILITIES,

    async placeOrder(cmd: PlaceOrderCommand) {
      const { variety, params } = toKitePlacement(cmd);
      await deps.governor.acquire(userId);
      try {
        const brokerOrderId = await kite((api) => api.placeOrder(variety, params));
        known.set(brokerOrderId, {
          variety,
          orderType: cmd.orderType,
          side: cmd.side,
          tradingSymbol: cmd.tradingSymbol,
          ...(params.price !== undefined ? { price: params.price } : {}),
          ...(params.trigger_price !== undefined ? { triggerPrice: params.trigger_price } : {}),
        });
        return { ok: true, brokerOrderId };
      } catch (error) {
        const classified = classifyKiteError(error);
        // The request may have reached Kite: throwing tells the engine to look for the order by its tag.
        if (classified.uncertain) throw new KiteOutcomeUnknownError(classified.message);
        return failure(classified);
      }
    },

    modifyOrder: (brokerOrderId, cmd: ModifyOrderCommand) =>
      command(brokerOrderId, (api, order) =>
        api.modifyOrder(order.variety, brokerOrderId, toKiteModification(order, cmd)),
      ),

    cancelOrder: (brokerOrderId) =>
      command(brokerOrderId, (api, order) => api.cancelOrder(order.variety, brokerOrderId)),

    async listOrders() {
      const now = clock.now();
      return (await orders()).map((row) => fromKiteOrder(row, now));
    },

    async positions() {
      return fromKitePositions(await kite((api) => api.positions()));
    },

    async margin() {
      return fromKiteMargin(await kite((api) => api.margin()));
    },

    onOrderUpdate(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },

    deliver,

    async seed() {
      for (const row of await orders()) tracker.remember(toOrderReport(row));
    },

    async catchUp() {
      for (const row of await orders()) deliver(row);
    },
  };
}
