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
} from '../live-kit/session';
import type { AngelApi } from './angelone-api';
import { ANGELONE_NAME, classifyAngelError } from './angelone-errors';
import type { AngelPosition } from './angelone-schemas';
import {
  type AngelKnown,
  type AngelRow,
  eventTsOf,
  fromAngelOrder,
  fromAngelPositions,
  fromAngelRms,
  knownOfPlacement,
  knownOfRow,
  toAngelModification,
  toAngelPlacement,
  toOrderReport,
} from './map';

export const ANGELONE_BROKER_ID = 'ANGELONE' satisfies BrokerId;

/**
 * SmartAPI's published limits per user for placeOrder, modifyOrder and cancelOrder: 20 a second, 500 a minute,
 * 1000 an hour. The second's window is held under SEBI's retail-algo threshold of 10 orders a second.
 */
export const ANGELONE_RATE_LIMITS: RateLimits = [
  { limit: 9, ms: 1000 },
  { limit: 500, ms: 60_000 },
  { limit: 1000, ms: 3_600_000 },
];

/** SmartAPI has no trailing or iceberg order: the engine emulates both. */
const CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: false,
  rateLimits: ANGELONE_RATE_LIMITS,
});

export interface AngelAdapterDeps {
  /** Angel One's scrip master of the day: its symbol token and trading symbol for each of our contracts. */
  master: BrokerInstrumentMaster;
  directory: InstrumentDirectory;
}

/** Our trading symbol of an Angel One symbol token; undefined when either master does not list it or is unreadable. */
const ourSymbolOf = (master: BrokerInstrumentMaster, token: string | undefined) =>
  token ? master.symbolOf(token).catch(() => undefined) : Promise.resolve(undefined);

/** Angel One on the live-broker kit; its order reports come from polling the order book (see plugin.ts). */
export function angelAdapter({
  master,
  directory,
}: AngelAdapterDeps): LiveBrokerAdapter<AngelApi, AngelRow, AngelKnown> {
  const ours = async (row: AngelPosition) => {
    const symbol = await ourSymbolOf(master, row.symboltoken);
    const record = symbol ? directory.bySymbol(symbol) : undefined;
    return record ? { tradingSymbol: record.tradingsymbol, internalToken: record.internalToken } : undefined;
  };
  return {
    brokerId: ANGELONE_BROKER_ID,
    name: ANGELONE_NAME,
    capabilities: CAPABILITIES,
    classify: classifyAngelError,
    async orders(api) {
      const rows = await api.orders();
      return Promise.all(
        rows.map(async (row) => ({ ...row, ourSymbol: await ourSymbolOf(master, row.symboltoken) })),
      );
    },
    async place(api, cmd) {
      const contract = await master.contractFor(cmd.tradingSymbol);
      const body = toAngelPlacement(cmd, contract);
      const brokerOrderId = await api.placeOrder(body);
      return { brokerOrderId, known: knownOfPlacement(cmd, body) };
    },
    modify: (api, brokerOrderId, order, cmd) =>
      api.modifyOrder(toAngelModification(brokerOrderId, order, cmd)),
    cancel: (api, brokerOrderId, order) => api.cancelOrder(order.variety, brokerOrderId),
    async positions(api) {
      const rows = await api.positions();
      const mapped = new Map(await Promise.all(rows.map(async (row) => [row, await ours(row)] as const)));
      return fromAngelPositions(rows, (row) => mapped.get(row));
    },
    margin: async (api) => fromAngelRms(await api.rms()),
    rows: {
      known: knownOfRow,
      snapshot: fromAngelOrder,
      report: toOrderReport,
      eventTs: (row, receivedTs) => eventTsOf(row) ?? receivedTs,
      clientOrderId: (row) => row.ordertag || undefined,
    },
  };
}

export type AngelSession = LiveSession<AngelRow>;

export const createAngelSession = (deps: LiveSessionDeps<AngelApi> & AngelAdapterDeps): AngelSession =>
  createLiveSession(angelAdapter(deps), deps);
