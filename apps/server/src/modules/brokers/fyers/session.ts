import type { BrokerId } from '@xtrader/core/brokers/ids';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerCapabilities } from '../broker';
import type { BrokerInstrumentMaster } from '../live-kit/instrument-master';
import type { RateLimits } from '../live-kit/pacer';
import {
  createLiveSession,
  type LiveBrokerAdapter,
  type LiveSession,
  type LiveSessionDeps,
  type PlacedOrder,
  placedOrder,
} from '../live-kit/session';
import type { FyersApi } from './fyers-api';
import { classifyFyers } from './fyers-errors';
import {
  clientOrderIdOfRow,
  type FyersRow,
  fromFyersFunds,
  fromFyersOrder,
  fromFyersPosition,
  knownOfRow,
  parseFyersTime,
  toFyersModification,
  toFyersPlacement,
  toOrderReport,
} from './map';

/** The active-broker id of Fyers. */
export const FYERS_BROKER_ID = 'FYERS' satisfies BrokerId;

/**
 * Fyers' published limits: 10 requests a second, 200 a minute, 100,000 a day (order place, modify and cancel share
 * them; breaching the minute limit more than three times a day blocks the user for the day). Order commands stay a
 * step below the second and minute windows so that order-book polls and funds reads fit beside them.
 */
export const FYERS_RATE_LIMITS: RateLimits = [
  { limit: 9, ms: 1000 },
  { limit: 150, ms: 60_000 },
];

/** Fyers has no broker-side trailing or iceberg in its order API: the engine emulates both. */
const FYERS_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: false,
  rateLimits: FYERS_RATE_LIMITS,
});

export interface FyersAdapterDeps {
  master: Pick<BrokerInstrumentMaster, 'contractFor' | 'symbolOf'>;
  directory: Pick<InstrumentDirectory, 'bySymbol'>;
}

/** Fyers API v3 on the live-broker kit. */
export function fyersAdapter(deps: FyersAdapterDeps): LiveBrokerAdapter<FyersApi, FyersRow, PlacedOrder> {
  const { master, directory } = deps;
  return {
    brokerId: FYERS_BROKER_ID,
    name: 'Fyers',
    capabilities: FYERS_CAPABILITIES,
    classify: classifyFyers,
    async orders(api) {
      const book = await api.orders();
      return Promise.all(book.map(async (row) => ({ ...row, ourSymbol: await master.symbolOf(row.symbol) })));
    },
    async place(api, cmd) {
      // A contract Fyers does not list is refused here, before anything is sent.
      const contract = await master.contractFor(cmd.tradingSymbol);
      const body = toFyersPlacement(cmd, contract.instrumentId);
      const brokerOrderId = await api.placeOrder(body);
      return {
        brokerOrderId,
        known: placedOrder(cmd, {
          ...(body.limitPrice > 0 ? { price: body.limitPrice } : {}),
          ...(body.stopPrice > 0 ? { triggerPrice: body.stopPrice } : {}),
        }),
      };
    },
    modify: (api, brokerOrderId, order, cmd) =>
      api.modifyOrder(toFyersModification(brokerOrderId, order, cmd)),
    cancel: (api, brokerOrderId) => api.cancelOrder(brokerOrderId),
    async positions(api) {
      const rows = await api.positions();
      return Promise.all(
        rows.map(async (row) => {
          const tradingSymbol = await master.symbolOf(row.symbol);
          const internalToken = tradingSymbol ? directory.bySymbol(tradingSymbol)?.internalToken : undefined;
          return fromFyersPosition(
            row,
            tradingSymbol && internalToken ? { tradingSymbol, internalToken } : undefined,
          );
        }),
      );
    },
    margin: async (api) => fromFyersFunds(await api.funds()),
    rows: {
      known: knownOfRow,
      snapshot: fromFyersOrder,
      report: toOrderReport,
      eventTs: (row, receivedTs) => parseFyersTime(row.orderDateTime) ?? receivedTs,
      clientOrderId: clientOrderIdOfRow,
    },
  };
}

export type FyersSession = LiveSession<FyersRow>;

export const createFyersSession = (deps: LiveSessionDeps<FyersApi> & FyersAdapterDeps): FyersSession =>
  createLiveSession(fyersAdapter(deps), deps);
