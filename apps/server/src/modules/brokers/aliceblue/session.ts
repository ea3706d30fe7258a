import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerCapabilities } from '../broker';
import { classifyUnexpected } from '../live-kit/errors';
import type { BrokerInstrumentMaster } from '../live-kit/instrument-master';
import { perSecond, type RateLimits } from '../live-kit/pacer';
import {
  createLiveSession,
  type LiveBrokerAdapter,
  type LiveSession,
  type LiveSessionDeps,
} from '../live-kit/session';
import type { AliceApi } from './aliceblue-api';
import { ALICEBLUE_MESSAGES, ALICEBLUE_NAME } from './aliceblue-messages';
import {
  type AliceKnown,
  type AliceRow,
  aliceEventTs,
  fromAliceLimits,
  fromAliceOrder,
  fromAlicePosition,
  knownOf,
  toAliceModification,
  toAlicePlacement,
  toOrderReport,
} from './map';

/**
 * AliceBlue does not limit placing, modifying or cancelling orders (its other requests share 1800 per 15 minutes,
 * which the 2-second order-book poll stays far below); commands stay under SEBI's retail-algo threshold of 10
 * orders a second.
 */
export const ALICEBLUE_RATE_LIMITS: RateLimits = perSecond(9);

/** AliceBlue's regular orders have no native trailing or iceberg: the engine emulates both. */
const ALICEBLUE_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: false,
  rateLimits: ALICEBLUE_RATE_LIMITS,
});

export interface AliceAdapterDeps {
  /** AliceBlue's contract master of the day: our contract -> its instrument id, and back. */
  master: Pick<BrokerInstrumentMaster, 'contractFor' | 'symbolOf'>;
  directory: InstrumentDirectory;
  /** The operator's exchange algo id, sent as `algoId` on every order. */
  algoId: string | undefined;
}

export const ALICEBLUE_BROKER_ID = 'ALICEBLUE';

/** AliceBlue on the live-broker kit; its order reports come from polling the order book (see plugin.ts). */
export function aliceAdapter(deps: AliceAdapterDeps): LiveBrokerAdapter<AliceApi, AliceRow, AliceKnown> {
  const { master, directory } = deps;
  return {
    brokerId: ALICEBLUE_BROKER_ID,
    name: ALICEBLUE_NAME,
    capabilities: ALICEBLUE_CAPABILITIES,
    classify: classifyUnexpected(ALICEBLUE_MESSAGES.unreachable),
    async orders(api) {
      const rows = await api.orders();
      return Promise.all(
        rows.map(async (row) => ({
          ...row,
          ourSymbol: row.instrumentId ? await master.symbolOf(row.instrumentId) : undefined,
        })),
      );
    },
    async place(api, cmd) {
      // An unlisted contract is refused here, before anything is sent.
      const contract = await master.contractFor(cmd.tradingSymbol);
      const body = toAlicePlacement(cmd, contract, deps.algoId);
      const brokerOrderId = await api.placeOrder(body);
      const price = Number(body.price);
      const trigger = Number(body.slTriggerPrice);
      return {
        brokerOrderId,
        known: {
          orderType: cmd.orderType,
          side: cmd.side,
          tradingSymbol: cmd.tradingSymbol,
          quantity: cmd.quantity,
          ...(price > 0 ? { price } : {}),
          ...(trigger > 0 ? { triggerPrice: trigger } : {}),
        },
      };
    },
    modify: (api, brokerOrderId, order, cmd) =>
      api.modifyOrder(toAliceModification(brokerOrderId, order, cmd)),
    cancel: (api, brokerOrderId) => api.cancelOrder(brokerOrderId),
    async positions(api) {
      const rows = await api.positions();
      return Promise.all(
        rows.map(async (row) => {
          const symbol = row.instrumentId ? await master.symbolOf(row.instrumentId) : undefined;
          const record = symbol ? directory.bySymbol(symbol) : undefined;
          return fromAlicePosition(
            row,
            symbol && record ? { tradingSymbol: symbol, internalToken: record.internalToken } : undefined,
          );
        }),
      );
    },
    margin: async (api) => fromAliceLimits(await api.limits()),
    rows: {
      known: knownOf,
      snapshot: fromAliceOrder,
      report: toOrderReport,
      eventTs: aliceEventTs,
      clientOrderId: (row) => row.orderTag || undefined,
    },
  };
}

export type AliceSession = LiveSession<AliceRow>;

export const createAliceSession = (deps: LiveSessionDeps<AliceApi> & AliceAdapterDeps): AliceSession =>
  createLiveSession(aliceAdapter(deps), deps);
