import { IIFL_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { Clock } from '../../../clock';
import type {
  BrokerAck,
  BrokerCapabilities,
  BrokerOrderSnapshot,
  BrokerOrderUpdate,
  BrokerSession,
  PlaceOrderCommand,
} from '../broker';
import type { OrderRateGovernor } from '../live/governor';
import { OrderReportTracker } from '../live/order-tracker';
import { IIFL_MESSAGES, type IiflApi, IiflApiError } from './iifl-api';
import type { IiflOrder } from './iifl-schemas';
import {
  fromIiflLimits,
  fromIiflOrder,
  fromIiflPositions,
  parseIiflTime,
  toIiflModification,
  toIiflPlacement,
  toOrderReport,
} from './map';

/** IIFL has no native trailing or iceberg in its order API: the engine emulates both. */
export const IIFL_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: false,
  maxOrdersPerSecond: 9,
});

export interface IiflSessionDeps {
  userId: string;
  clock: Clock;
  governor: OrderRateGovernor;
  api(): Promise<IiflApi>;
  onTokenExpired(): void;
  tokenOf(tradingSymbol: string): string | undefined;
}

/**
 * An IIFL session. IIFL pushes order updates over MQTT (its "Bridge"), which we do not speak; the order book is
 * polled instead while the session is subscribed, and every change is reported through the same tracker.
 */
export interface IiflSession extends BrokerSession {
  /** Reads the order book and reports what changed since the last read. */
  poll(): Promise<void>;
  /** Records the order book as known (at start). */
  seed(): Promise<void>;
}

type Known = Pick<BrokerOrderSnapshot, 'orderType' | 'side' | 'price' | 'triggerPrice'>;

const classify = (error: unknown): IiflApiError =>
  error instanceof IiflApiError
    ? error
    : new IiflApiError(
        'network',
        IIFL_MESSAGES.unreachable(error instanceof Error ? error.message : String(error)),
        true,
      );

export function createIiflSession(deps: IiflSessionDeps): IiflSession {
  const { userId, clock } = deps;
  const handlers = new Set<(update: BrokerOrderUpdate) => void>();
  const tracker = new OrderReportTracker('IIFL');
  const known = new Map<string, Known>();

  const iifl = async <T>(run: (api: IiflApi) => Promise<T>): Promise<T> => {
    try {
      return await run(await deps.api());
    } catch (error) {
      const classified = classify(error);
      if (classified.code === 'token_expired') deps.onTokenExpired();
      throw classified;
    }
  };

  const orders = async () => {
    const rows = await iifl((api) => api.orders());
    for (const row of rows) known.set(row.brokerOrderId, fromIiflOrder(row, clock.now()));
    return rows;
  };

  const report = (order: IiflOrder) => {
    const receivedTs = clock.now();
    const eventTs = parseIiflTime(order.exchangeUpdateTime ?? order.brokerUpdateTime) ?? receivedTs;
    for (const event of tracker.events(toOrderReport(order))) {
      const update: BrokerOrderUpdate = {
        userId,
        brokerOrderId: order.brokerOrderId,
        ...(order.orderTag ? { clientOrderId: order.orderTag } : {}),
        event,
        eventTs,
        receivedTs,
      };
      for (const handler of handlers) handler(update);
    }
  };

  const command = async (
    brokerOrderId: string,
    send: (api: IiflApi, order: Known) => Promise<void>,
  ): Promise<BrokerAck> => {
    try {
      if (!known.has(brokerOrderId)) await orders();
      const order = known.get(brokerOrderId);
      if (!order) return { ok: false, reason: `IIFL has no order ${brokerOrderId}`, code: 'not_found' };
      await deps.governor.acquire(userId);
      await iifl((api) => send(api, order));
      return { ok: true, brokerOrderId };
    } catch (error) {
      const classified = classify(error);
      return { ok: false, reason: classified.message, code: classified.code };
    }
  };

  return {
    brokerId: IIFL_BROKER_ID,
    userId,
    capabilities: IIFL_CAPABILITIES,

    async placeOrder(cmd: PlaceOrderCommand) {
      const body = toIiflPlacement(cmd);
      await deps.governor.acquire(userId);
      try {
        const brokerOrderId = await iifl((api) => api.placeOrder(body));
        known.set(brokerOrderId, {
          orderType: cmd.orderType,
          side: cmd.side,
          ...(body.price !== undefined ? { price: body.price } : {}),
          ...(body.slTriggerPrice !== undefined ? { triggerPrice: body.slTriggerPrice } : {}),
        });
        return { ok: true, brokerOrderId };
      } catch (error) {
        const classified = classify(error);
        // The request may have reached IIFL: throwing tells the engine to look for it by its tag.
        if (classified.uncertain) throw classified;
        return { ok: false, reason: classified.message, code: classified.code };
      }
    },

    modifyOrder: (brokerOrderId, cmd) =>
      command(brokerOrderId, (api, order) => api.modifyOrder(brokerOrderId, toIiflModification(order, cmd))),

    cancelOrder: (brokerOrderId) => command(brokerOrderId, (api) => api.cancelOrder(brokerOrderId)),

    async listOrders() {
      const now = clock.now();
      return (await orders()).map((row) => fromIiflOrder(row, now));
    },

    positions: async () => fromIiflPositions(await iifl((api) => api.positions()), deps.tokenOf),

    margin: async () => fromIiflLimits(await iifl((api) => api.limits())),

    onOrderUpdate(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },

    async poll() {
      for (const row of await orders()) report(row);
    },

    async seed() {
      for (const row of await orders()) tracker.remember(toOrderReport(row));
    },
  };
}
