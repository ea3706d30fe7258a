import { IIFL_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { BrokerCapabilities } from '../broker';
import { BrokerCallError } from '../live-kit/errors';
import { perSecond, type RateLimits } from '../live-kit/pacer';
import {
  createLiveSession,
  type LiveBrokerAdapter,
  type LiveSession,
  type LiveSessionDeps,
  type PlacedOrder,
  placedOrder,
} from '../live-kit/session';
import { IIFL_MESSAGES, type IiflApi } from './iifl-api';
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

/**
 * IIFL publishes no per-minute order window; commands stay under SEBI's retail-algo threshold of 10 orders a second.
 */
const IIFL_RATE_LIMITS: RateLimits = perSecond(9);

/** IIFL has no native trailing or iceberg in its order API: the engine emulates both. */
const IIFL_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: false,
  rateLimits: IIFL_RATE_LIMITS,
});

/** IIFL Capital on the live-broker kit; its order reports come from polling the order book (see service.ts). */
function iiflAdapter(
  tokenOf: (tradingSymbol: string) => string | undefined,
): LiveBrokerAdapter<IiflApi, IiflOrder, PlacedOrder> {
  return {
    brokerId: IIFL_BROKER_ID,
    name: 'IIFL',
    capabilities: IIFL_CAPABILITIES,
    classify: (error) =>
      error instanceof BrokerCallError
        ? error
        : new BrokerCallError(
            'network',
            IIFL_MESSAGES.unreachable(error instanceof Error ? error.message : String(error)),
            true,
          ),
    orders: (api) => api.orders(),
    async place(api, cmd) {
      const body = toIiflPlacement(cmd);
      const brokerOrderId = await api.placeOrder(body);
      return {
        brokerOrderId,
        known: placedOrder(cmd, { price: body.price, triggerPrice: body.slTriggerPrice }),
      };
    },
    modify: (api, brokerOrderId, order, cmd) =>
      api.modifyOrder(brokerOrderId, toIiflModification(order, cmd)),
    cancel: (api, brokerOrderId) => api.cancelOrder(brokerOrderId),
    positions: async (api) => fromIiflPositions(await api.positions(), tokenOf),
    margin: async (api) => fromIiflLimits(await api.limits()),
    rows: {
      known: fromIiflOrder,
      snapshot: fromIiflOrder,
      report: toOrderReport,
      eventTs: (row, receivedTs) =>
        parseIiflTime(row.exchangeUpdateTime ?? row.brokerUpdateTime) ?? receivedTs,
      clientOrderId: (row) => row.orderTag || undefined,
    },
  };
}

export type IiflSession = LiveSession<IiflOrder>;

export const createIiflSession = (
  deps: LiveSessionDeps<IiflApi> & { tokenOf(tradingSymbol: string): string | undefined },
): IiflSession => createLiveSession(iiflAdapter(deps.tokenOf), deps);
