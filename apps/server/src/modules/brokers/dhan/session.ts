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
import type { DhanApi } from './dhan-api';
import { classifyDhanError } from './dhan-errors';
import { DHAN_BROKER_ID } from './dhan-ids';
import {
  type DhanKnown,
  type DhanRow,
  dhanEventTs,
  fromDhanFunds,
  fromDhanOrder,
  fromDhanPositions,
  knownOf,
  toDhanModification,
  toDhanPlacement,
  toOrderReport,
} from './map';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * DhanHQ's published limits for its order APIs (place, modify and cancel share them): 10 a second (since March
 * 2026, which is also SEBI's retail-algo threshold), 250 a minute, 1000 an hour, 7000 a day.
 */
export const DHAN_RATE_LIMITS: RateLimits = [
  { limit: 10, ms: SECOND },
  { limit: 250, ms: MINUTE },
  { limit: 1000, ms: HOUR },
  { limit: 7000, ms: 24 * HOUR },
];

/** Dhan caps modifications at 25 per order; it has no native trailing or iceberg in its order API. */
const DHAN_CAPABILITIES: BrokerCapabilities = Object.freeze({
  nativeTrailing: false,
  nativeIceberg: false,
  rateLimits: DHAN_RATE_LIMITS,
  maxModificationsPerOrder: 25,
});

export interface DhanAdapterDeps {
  master: BrokerInstrumentMaster;
  directory: InstrumentDirectory;
}

/** Dhan on the live-broker kit; its order reports come from its order-update socket or polling (plugin.ts). */
export function dhanAdapter({
  master,
  directory,
}: DhanAdapterDeps): LiveBrokerAdapter<DhanApi, DhanRow, DhanKnown> {
  // Our symbol of a Dhan security id; the order book and positions still read (under Dhan's symbol) when the day's
  // scrip master cannot be had.
  const ourSymbol = (securityId: string) => master.symbolOf(securityId).catch(() => undefined);
  return {
    brokerId: DHAN_BROKER_ID,
    name: 'Dhan',
    capabilities: DHAN_CAPABILITIES,
    classify: classifyDhanError,
    async orders(api) {
      const rows = await api.orders();
      return Promise.all(rows.map(async (row) => ({ ...row, ourSymbol: await ourSymbol(row.securityId) })));
    },
    async place(api, cmd) {
      // Refuses a contract Dhan does not list before anything is sent.
      const contract = await master.contractFor(cmd.tradingSymbol);
      const body = toDhanPlacement(cmd, contract, api.clientId);
      const brokerOrderId = await api.placeOrder(body);
      return {
        brokerOrderId,
        known: {
          orderType: cmd.orderType,
          side: cmd.side,
          tradingSymbol: cmd.tradingSymbol,
          quantity: cmd.quantity,
          ...(body.price !== undefined ? { price: body.price } : {}),
          ...(body.triggerPrice !== undefined ? { triggerPrice: body.triggerPrice } : {}),
        },
      };
    },
    modify: (api, brokerOrderId, order, cmd) =>
      api.modifyOrder(toDhanModification(brokerOrderId, order, cmd, api.clientId)),
    cancel: (api, brokerOrderId) => api.cancelOrder(brokerOrderId),
    async positions(api) {
      const rows = await api.positions();
      const ours = new Map<string, { tradingSymbol: string; internalToken: string }>();
      for (const row of rows) {
        const symbol = await ourSymbol(row.securityId);
        const record = symbol ? directory.bySymbol(symbol) : undefined;
        if (symbol && record)
          ours.set(row.securityId, { tradingSymbol: symbol, internalToken: record.internalToken });
      }
      return fromDhanPositions(rows, (securityId) => ours.get(securityId));
    },
    margin: async (api) => fromDhanFunds(await api.funds()),
    rows: {
      known: knownOf,
      snapshot: fromDhanOrder,
      report: toOrderReport,
      eventTs: (row, receivedTs) => dhanEventTs(row) ?? receivedTs,
      clientOrderId: (row) => row.correlationId || undefined,
    },
  };
}

export type DhanSession = LiveSession<DhanRow>;

export const createDhanSession = (deps: LiveSessionDeps<DhanApi> & DhanAdapterDeps): DhanSession =>
  createLiveSession(dhanAdapter(deps), deps);
