import { ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { BrokerCapabilities } from '../broker';
import type { RateLimits } from '../live-kit/pacer';
import {
  createLiveSession,
  type LiveBrokerAdapter,
  type LiveSession,
  type LiveSessionDeps,
  type PlacedOrder,
  placedOrder,
} from '../live-kit/session';
import type { KiteApi, KiteVariety } from './kite-api';
import { classifyKiteError } from './kite-errors';
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

/** Kite allows 10 order requests a second and 400 a minute per user; the engine's pacer stays strictly under both. */
export const ZERODHA_RATE_LIMITS: RateLimits = [
  { limit: 9, ms: 1000 },
  { limit: 390, ms: 60_000 },
];

/**
 * Kite has no trailing stop for regular orders (the engine trails locally) and handles icebergs itself. The orders
 * engine paces each user's commands within `rateLimits`; the session sends what it is given.
 */
export const ZERODHA_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: true,
  rateLimits: ZERODHA_RATE_LIMITS,
  // Kite refuses the 26th modification of an order ("Maximum allowed order modifications exceeded").
  maxModificationsPerOrder: 25,
});

/** What modify and cancel need of a Kite order: the variety it lives on and what the modification recomputes. */
type Known = PlacedOrder & { variety: KiteVariety };

/** Zerodha on the live-broker kit: Kite's calls and rows, nothing else. */
const zerodhaAdapter = (algoId: string | undefined): LiveBrokerAdapter<KiteApi, KiteOrder, Known> => ({
  brokerId: ZERODHA_BROKER_ID,
  name: 'Zerodha',
  capabilities: ZERODHA_CAPABILITIES,
  classify: classifyKiteError,
  orders: (api) => api.orders(),
  async place(api, cmd) {
    const { variety, params } = toKitePlacement(cmd, algoId);
    const brokerOrderId = await api.placeOrder(variety, params);
    const sent = { price: params.price, triggerPrice: params.trigger_price };
    return { brokerOrderId, known: { ...placedOrder(cmd, sent), variety } };
  },
  modify: (api, brokerOrderId, order, cmd) =>
    api.modifyOrder(order.variety, brokerOrderId, toKiteModification(order, cmd)),
  cancel: (api, brokerOrderId, order) => api.cancelOrder(order.variety, brokerOrderId),
  positions: async (api) => fromKitePositions(await api.positions()),
  margin: async (api) => fromKiteMargin(await api.margin()),
  rows: {
    known: (row, now) => ({
      ...fromKiteOrder(row, now),
      variety: row.variety === 'iceberg' ? 'iceberg' : 'regular',
    }),
    snapshot: fromKiteOrder,
    report: toOrderReport,
    eventTs: kiteOrderTime,
    clientOrderId: (row) => clientOrderIdOf(row.tag),
  },
});

/** A Zerodha session; it also takes Kite's order reports (ticker and postback) for its user. */
export type ZerodhaSession = LiveSession<KiteOrder>;

export const createZerodhaSession = (
  deps: LiveSessionDeps<KiteApi> & { algoId?: string | undefined },
): ZerodhaSession => createLiveSession(zerodhaAdapter(deps.algoId), deps);
