import type { BrokerCapabilities } from '../broker';
import { BrokerCallError, classifyUnexpected } from '../live-kit/errors';
import type { BrokerInstrumentMaster } from '../live-kit/instrument-master';
import { perSecond, type RateLimits } from '../live-kit/pacer';
import {
  createLiveSession,
  type LiveBrokerAdapter,
  type LiveSession,
  type LiveSessionDeps,
} from '../live-kit/session';
import {
  fromVortexFunds,
  fromVortexOrder,
  fromVortexPosition,
  knownOfPlacement,
  knownOfRow,
  toOrderReport,
  toVortexModification,
  toVortexPlacement,
  type VortexKnown,
} from './map';
import type { VortexApi } from './vortex-api';
import { vortexInstrumentId } from './vortex-master';
import { VORTEX_BROKER_ID, VORTEX_MESSAGES, VORTEX_NAME } from './vortex-messages';
import type { VortexOrder } from './vortex-schemas';

/**
 * Vortex publishes 10 requests a second for placing, for modifying and for cancelling orders, and 50,000 requests a
 * day in all. Commands share one window kept just under 10 a second (also SEBI's retail-algo threshold); the day's
 * cap is far above what one trader's commands and the 2-second order-book poll use in a session.
 */
export const VORTEX_RATE_LIMITS: RateLimits = perSecond(9);

/** Vortex has no trailing stop on regular orders; its iceberg variety is not used (the engine slices). */
const VORTEX_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: false,
  rateLimits: VORTEX_RATE_LIMITS,
});

/** Our words for what the instrument master says of a row's contract. */
export interface VortexSymbols {
  master: BrokerInstrumentMaster;
  internalTokenOf(tradingSymbol: string): string | undefined;
}

/** The order book with our trading symbol on each row. */
async function namedOrders(api: VortexApi, symbols: VortexSymbols): Promise<VortexOrder[]> {
  const rows = await api.orders();
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      ourSymbol: await symbols.master.symbolOf(vortexInstrumentId(row.exchange, row.token)),
    })),
  );
}

const rejectedBeforeSending = (error: unknown) =>
  error instanceof BrokerCallError
    ? error
    : new BrokerCallError(
        'rejected',
        VORTEX_MESSAGES.rejected(error instanceof Error ? error.message : String(error)),
        false,
      );

/** Rupeezy (Vortex API) on the live-broker kit; its order reports come from polling the order book. */
function vortexAdapter(symbols: VortexSymbols): LiveBrokerAdapter<VortexApi, VortexOrder, VortexKnown> {
  return {
    brokerId: VORTEX_BROKER_ID,
    name: VORTEX_NAME,
    capabilities: VORTEX_CAPABILITIES,
    classify: classifyUnexpected(VORTEX_MESSAGES.unreachable),
    orders: (api) => namedOrders(api, symbols),
    async place(api, cmd) {
      // Everything that can refuse the order before it is sent does so as a definite refusal.
      let body: ReturnType<typeof toVortexPlacement>;
      let contract: Awaited<ReturnType<BrokerInstrumentMaster['contractFor']>>;
      try {
        contract = await symbols.master.contractFor(cmd.tradingSymbol);
        body = toVortexPlacement(cmd, contract);
      } catch (error) {
        throw rejectedBeforeSending(error);
      }
      const brokerOrderId = await api.placeOrder(body);
      return { brokerOrderId, known: knownOfPlacement(cmd, contract, body) };
    },
    async modify(api, brokerOrderId, order, cmd) {
      let body: ReturnType<typeof toVortexModification>;
      try {
        body = toVortexModification(order, cmd);
      } catch (error) {
        throw rejectedBeforeSending(error);
      }
      await api.modifyOrder(brokerOrderId, body);
    },
    cancel: (api, brokerOrderId) => api.cancelOrder(brokerOrderId),
    async positions(api) {
      const rows = await api.positions();
      return Promise.all(
        rows.map(async (row) => {
          const tradingSymbol = await symbols.master.symbolOf(vortexInstrumentId(row.exchange, row.token));
          const internalToken = tradingSymbol ? symbols.internalTokenOf(tradingSymbol) : undefined;
          return fromVortexPosition(
            row,
            tradingSymbol && internalToken ? { tradingSymbol, internalToken } : undefined,
          );
        }),
      );
    },
    margin: async (api) => fromVortexFunds(await api.funds()),
    rows: {
      known: knownOfRow,
      snapshot: fromVortexOrder,
      report: toOrderReport,
      // The order book says when an order was created, not when it last changed: the poll's time stands in.
      eventTs: (_row, receivedTs) => receivedTs,
      clientOrderId: (row) => row.order_identifier || undefined,
    },
  };
}

export type VortexSession = LiveSession<VortexOrder>;

export const createVortexSession = (deps: LiveSessionDeps<VortexApi> & VortexSymbols): VortexSession =>
  createLiveSession(vortexAdapter(deps), deps);
