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
  placedOrder,
} from '../live-kit/session';
import {
  eventTsOf,
  fromUpstoxFunds,
  fromUpstoxOrder,
  fromUpstoxPosition,
  knownOfRow,
  toOrderReport,
  toUpstoxModification,
  toUpstoxPlacement,
  type UpstoxKnown,
  type UpstoxRow,
} from './map';
import type { UpstoxApi } from './upstox-api';
import { classifyUpstoxError } from './upstox-errors';

/**
 * Upstox's published order limits for API orders (place, modify and cancel): 10 a second, 500 a minute and 2,000
 * in 30 minutes; past them it answers 429 (UDAPI10005).
 */
export const UPSTOX_RATE_LIMITS: RateLimits = [
  { limit: 10, ms: 1000 },
  { limit: 500, ms: 60_000 },
  { limit: 2000, ms: 30 * 60_000 },
];

/** Upstox's regular order API has no broker-side trailing or iceberg: the engine emulates both. */
const UPSTOX_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: false,
  rateLimits: UPSTOX_RATE_LIMITS,
});

export const UPSTOX_BROKER_ID = 'UPSTOX' satisfies BrokerId;

export interface UpstoxContracts {
  master: Pick<BrokerInstrumentMaster, 'contractFor' | 'symbolOf'>;
  directory: Pick<InstrumentDirectory, 'bySymbol'>;
}

/** An order row with our trading symbol of its contract, when our master lists it. */
export const withOurSymbol = async (
  master: Pick<BrokerInstrumentMaster, 'symbolOf'>,
  row: UpstoxRow,
): Promise<UpstoxRow> => ({ ...row, ourSymbol: await master.symbolOf(row.instrument_token) });

function upstoxAdapter({
  master,
  directory,
}: UpstoxContracts): LiveBrokerAdapter<UpstoxApi, UpstoxRow, UpstoxKnown> {
  return {
    brokerId: UPSTOX_BROKER_ID,
    name: 'Upstox',
    capabilities: UPSTOX_CAPABILITIES,
    classify: classifyUpstoxError,
    async orders(api) {
      return Promise.all((await api.orders()).map((row) => withOurSymbol(master, row)));
    },
    async place(api, cmd) {
      // An unlisted contract is refused here, before anything is sent.
      const contract = await master.contractFor(cmd.tradingSymbol);
      const kind = contract.optionType === 'FUT' ? 'future' : 'option';
      const body = toUpstoxPlacement(cmd, { instrumentKey: contract.instrumentId, kind });
      const brokerOrderId = await api.placeOrder(body);
      const sent = {
        ...(body.price > 0 ? { price: body.price } : {}),
        ...(body.trigger_price > 0 ? { triggerPrice: body.trigger_price } : {}),
      };
      return { brokerOrderId, known: { ...placedOrder(cmd, sent), quantity: cmd.quantity, kind } };
    },
    modify: (api, brokerOrderId, order, cmd) =>
      api.modifyOrder(toUpstoxModification(brokerOrderId, order, cmd)),
    cancel: (api, brokerOrderId) => api.cancelOrder(brokerOrderId),
    async positions(api) {
      const rows = await api.positions();
      return Promise.all(
        rows.map(async (row) => {
          const symbol = await master.symbolOf(row.instrument_token);
          const internalToken = symbol ? directory.bySymbol(symbol)?.internalToken : undefined;
          return fromUpstoxPosition(row, { symbol, internalToken });
        }),
      );
    },
    margin: async (api) => fromUpstoxFunds(await api.funds()),
    rows: {
      known: knownOfRow,
      snapshot: fromUpstoxOrder,
      report: toOrderReport,
      eventTs: eventTsOf,
      clientOrderId: (row) => row.tag || undefined,
    },
  };
}

export type UpstoxSession = LiveSession<UpstoxRow>;

export const createUpstoxSession = (
  deps: LiveSessionDeps<UpstoxApi> & { contracts: UpstoxContracts },
): UpstoxSession => createLiveSession(upstoxAdapter(deps.contracts), deps);
