import type { BrokerId } from '@xtrader/core/brokers/ids';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerCapabilities } from '../broker';
import { classifyUnexpected } from '../live-kit/errors';
import type { BrokerInstrumentMaster } from '../live-kit/instrument-master';
import type { RateLimits } from '../live-kit/pacer';
import {
  createLiveSession,
  type LiveBrokerAdapter,
  type LiveSession,
  type LiveSessionDeps,
} from '../live-kit/session';
import type { FlattradeApi } from './flattrade-api';
import { FLATTRADE_MESSAGES, FLATTRADE_NAME } from './flattrade-errors';
import {
  eventTsOf,
  type FlattradeKnownOrder,
  type FlattradeOrder,
  fromFlattradeLimits,
  fromFlattradeOrder,
  fromFlattradePositions,
  knownOf,
  toFlattradeModification,
  toFlattradePlacement,
  toOrderReport,
} from './map';

/** Flattrade's active-broker id. */
export const FLATTRADE_BROKER_ID = 'FLATTRADE' satisfies BrokerId;

/**
 * Flattrade's published ceiling for order endpoints is 10 a second and 40 a minute (place, modify and cancel share
 * it); one below each keeps clear of clock skew between our window and theirs.
 */
export const FLATTRADE_RATE_LIMITS: RateLimits = [
  { limit: 9, ms: 1000 },
  { limit: 38, ms: 60_000 },
];

/** Noren has no broker-side trailing or iceberg in PlaceOrder: the engine emulates both. */
const FLATTRADE_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: false,
  rateLimits: FLATTRADE_RATE_LIMITS,
});

/** The user's client and the account its calls name (Noren's uid/actid). */
export interface FlattradeUserApi {
  api: FlattradeApi;
  clientId: string;
}

export interface FlattradeAdapterDeps {
  master: Pick<BrokerInstrumentMaster, 'contractFor' | 'symbolOf'>;
  directory: Pick<InstrumentDirectory, 'bySymbol'>;
}

export function flattradeAdapter(
  deps: FlattradeAdapterDeps,
): LiveBrokerAdapter<FlattradeUserApi, FlattradeOrder, FlattradeKnownOrder> {
  const { master, directory } = deps;
  /** Our symbol of a row's contract, by the broker's token. */
  const ourSymbol = async (token: string | undefined) => (token ? master.symbolOf(token) : undefined);
  return {
    brokerId: FLATTRADE_BROKER_ID,
    name: FLATTRADE_NAME,
    capabilities: FLATTRADE_CAPABILITIES,
    classify: classifyUnexpected(FLATTRADE_MESSAGES.unreachable),
    async orders({ api }) {
      const rows = await api.orders();
      return Promise.all(rows.map(async (row) => ({ ...row, ourSymbol: await ourSymbol(row.token) })));
    },
    async place({ api, clientId }, cmd) {
      // An unlisted contract is refused here, before anything is sent.
      const contract = await master.contractFor(cmd.tradingSymbol);
      const body = toFlattradePlacement(cmd, contract, clientId);
      const brokerOrderId = await api.placeOrder(body);
      const report = { price: Number(body.prc), triggerPrice: body.trgprc ? Number(body.trgprc) : undefined };
      return {
        brokerOrderId,
        known: {
          orderType: cmd.orderType,
          side: cmd.side,
          tradingSymbol: cmd.tradingSymbol,
          ...(report.price > 0 ? { price: report.price } : {}),
          ...(report.triggerPrice !== undefined ? { triggerPrice: report.triggerPrice } : {}),
          tsym: body.tsym,
          exch: body.exch,
          quantity: cmd.quantity,
        },
      };
    },
    async modify({ api, clientId }, brokerOrderId, order, cmd) {
      await api.modifyOrder(toFlattradeModification(brokerOrderId, order, cmd, clientId));
    },
    async cancel({ api }, brokerOrderId) {
      await api.cancelOrder(brokerOrderId);
    },
    async positions({ api }) {
      const rows = await api.positions();
      const symbols = await Promise.all(rows.map((row) => ourSymbol(row.token)));
      return fromFlattradePositions(rows, (row) => {
        const symbol = symbols[rows.indexOf(row)];
        const record = symbol ? directory.bySymbol(symbol) : undefined;
        return symbol && record ? { tradingSymbol: symbol, internalToken: record.internalToken } : undefined;
      });
    },
    margin: async ({ api }) => fromFlattradeLimits(await api.limits()),
    rows: {
      known: (row) => knownOf(row),
      snapshot: (row, now) => fromFlattradeOrder(row, now),
      report: toOrderReport,
      eventTs: (row, receivedTs) => eventTsOf(row) ?? receivedTs,
      clientOrderId: (row) => row.remarks?.trim() || undefined,
    },
  };
}

export type FlattradeSession = LiveSession<FlattradeOrder>;

export const createFlattradeSession = (
  adapter: LiveBrokerAdapter<FlattradeUserApi, FlattradeOrder, FlattradeKnownOrder>,
  deps: LiveSessionDeps<FlattradeUserApi>,
): FlattradeSession => createLiveSession(adapter, deps);
