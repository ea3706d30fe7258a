import { IIFL_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerCapabilities } from '../broker';
import type { BrokerInstrumentMaster } from '../live-kit/instrument-master';
import { perSecond, type RateLimits } from '../live-kit/pacer';
import {
  createLiveSession,
  type LiveBrokerAdapter,
  type LiveSession,
  type LiveSessionDeps,
  type PlacedOrder,
  placedOrder,
} from '../live-kit/session';
import { classifyIiflError, type IiflApi } from './iifl-api';
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

export interface IiflAdapterDeps {
  /** IIFL's contract files of the day: our contract to IIFL's `instrumentId`, and back. */
  master: Pick<BrokerInstrumentMaster, 'contractFor' | 'symbolOf'>;
  directory: Pick<InstrumentDirectory, 'bySymbol'>;
}

/** IIFL Capital on the live-broker kit; its order reports come from polling the order book (see service.ts). */
function iiflAdapter({
  master,
  directory,
}: IiflAdapterDeps): LiveBrokerAdapter<IiflApi, IiflOrder, PlacedOrder> {
  // Our symbol of an IIFL row (by its instrumentId); IIFL's own symbol when the day's contract files cannot be had.
  const withOurSymbol = async <Row extends { instrumentId?: string | undefined; tradingSymbol: string }>(
    row: Row,
  ): Promise<Row> => {
    const ours = row.instrumentId
      ? await master.symbolOf(row.instrumentId).catch(() => undefined)
      : undefined;
    return ours ? { ...row, tradingSymbol: ours } : row;
  };
  return {
    brokerId: IIFL_BROKER_ID,
    name: 'IIFL',
    capabilities: IIFL_CAPABILITIES,
    classify: classifyIiflError,
    orders: async (api) => Promise.all((await api.orders()).map(withOurSymbol)),
    async place(api, cmd) {
      // Refuses a contract IIFL does not list before anything is sent.
      const body = toIiflPlacement(cmd, await master.contractFor(cmd.tradingSymbol));
      const brokerOrderId = await api.placeOrder(body);
      return {
        brokerOrderId,
        known: placedOrder(cmd, { price: body.price, triggerPrice: body.slTriggerPrice }),
      };
    },
    modify: (api, brokerOrderId, order, cmd) =>
      api.modifyOrder(brokerOrderId, toIiflModification(order, cmd)),
    cancel: (api, brokerOrderId) => api.cancelOrder(brokerOrderId),
    positions: async (api) =>
      fromIiflPositions(
        await Promise.all((await api.positions()).map(withOurSymbol)),
        (symbol) => directory.bySymbol(symbol)?.internalToken,
      ),
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

export const createIiflSession = (deps: LiveSessionDeps<IiflApi> & IiflAdapterDeps): IiflSession =>
  createLiveSession(iiflAdapter(deps), deps);
