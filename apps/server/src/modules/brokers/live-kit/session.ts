import type { Clock } from '../../../clock';
import type {
  BrokerAck,
  BrokerCapabilities,
  BrokerMargin,
  BrokerOrderSnapshot,
  BrokerOrderUpdate,
  BrokerPosition,
  BrokerSession,
  ModifyOrderCommand,
  PlaceOrderCommand,
} from '../broker';
import { type BrokerCallError, refusalOf } from './errors';
import { type OrderReport, OrderReportTracker } from './order-tracker';

/**
 * What one live broker adds to the kit: its name and limits, how its API is called and how its rows read. `Api` is
 * the user's authenticated client, `Row` one order as the broker's order book and updates show it, `Known` what
 * modify and cancel need to remember of an order (its variety, type, prices).
 */
export interface LiveBrokerAdapter<Api, Row, Known> {
  readonly brokerId: string;
  /** How the broker is named to a trader ("Zerodha has no order 42"). */
  readonly name: string;
  readonly capabilities: BrokerCapabilities;
  /** Whatever a call threw, as a classified error (an unexpected throw is an uncertain network failure). */
  classify(error: unknown): BrokerCallError;
  orders(api: Api): Promise<Row[]>;
  /** Sends a placement; the broker's order id and what is known of the order from the command. */
  place(api: Api, cmd: PlaceOrderCommand): Promise<{ brokerOrderId: string; known: Known }>;
  modify(api: Api, brokerOrderId: string, order: Known, cmd: ModifyOrderCommand): Promise<void>;
  cancel(api: Api, brokerOrderId: string, order: Known): Promise<void>;
  positions(api: Api): Promise<BrokerPosition[]>;
  margin(api: Api): Promise<BrokerMargin>;
  /** Reading one order row. */
  rows: {
    known(row: Row, now: number): Known;
    snapshot(row: Row, now: number): BrokerOrderSnapshot;
    report(row: Row): OrderReport;
    /** When the change happened at the broker; `receivedTs` when the row does not say. */
    eventTs(row: Row, receivedTs: number): number;
    clientOrderId(row: Row): string | undefined;
  };
}

/** What modify and cancel need of an order at least; adapters add their own (Kite's variety). */
export type PlacedOrder = Pick<
  BrokerOrderSnapshot,
  'orderType' | 'side' | 'tradingSymbol' | 'price' | 'triggerPrice'
>;

/** A placed order as known from its command and the prices that actually went out (a stop-limit's buffer). */
export const placedOrder = (
  cmd: PlaceOrderCommand,
  sent: { price?: number | undefined; triggerPrice?: number | undefined },
): PlacedOrder => ({
  orderType: cmd.orderType,
  side: cmd.side,
  tradingSymbol: cmd.tradingSymbol,
  ...(sent.price !== undefined ? { price: sent.price } : {}),
  ...(sent.triggerPrice !== undefined ? { triggerPrice: sent.triggerPrice } : {}),
});

export interface LiveSessionDeps<Api> {
  userId: string;
  clock: Clock;
  /** The user's authenticated client; rejects with a token_expired BrokerCallError when there is no live session. */
  api(): Promise<Api>;
  /** The broker said the token is dead: the account is marked expired and the UI shows a disconnected broker. */
  onTokenExpired(): void;
}

/** A live broker session that also takes the broker's order reports (stream, postback, poll) for its user. */
export interface LiveSession<Row> extends BrokerSession {
  /** One order report as the broker sent it. */
  deliver(row: Row): void;
  /** Records the broker's order book as already known (after login or a restart, when the engine reconciles it). */
  seed(): Promise<void>;
  /**
   * After a gap in the reports (reconnect, 'Subscribe Updates', a poll): reads the order book and delivers every
   * change since the last report as if it had been reported, so nothing that happened meanwhile is lost. Resolves
   * to how many changes it reported (0: the book shows nothing new, which a stream's doorbell reads again).
   */
  catchUp(): Promise<number>;
}

export function createLiveSession<Api, Row, Known>(
  adapter: LiveBrokerAdapter<Api, Row, Known>,
  deps: LiveSessionDeps<Api>,
): LiveSession<Row> {
  const { userId, clock } = deps;
  const { rows } = adapter;
  const handlers = new Set<(update: BrokerOrderUpdate) => void>();
  const tracker = new OrderReportTracker(adapter.name);
  const known = new Map<string, Known>();

  /** Runs a broker call; a dead token is reported once and every failure comes back classified. */
  const call = async <T>(run: (api: Api) => Promise<T>): Promise<T> => {
    try {
      return await run(await deps.api());
    } catch (error) {
      const classified = adapter.classify(error);
      if (classified.code === 'token_expired') deps.onTokenExpired();
      throw classified;
    }
  };

  const orders = async () => {
    const list = await call((api) => adapter.orders(api));
    const now = clock.now();
    for (const row of list) known.set(rows.report(row).orderId, rows.known(row, now));
    return list;
  };

  /** Modify and cancel: a refusal or failure is an answer, never an exception. */
  const command = async (
    brokerOrderId: string,
    send: (api: Api, order: Known) => Promise<void>,
  ): Promise<BrokerAck> => {
    try {
      if (!known.has(brokerOrderId)) await orders();
      const order = known.get(brokerOrderId);
      if (!order)
        return { ok: false, reason: `${adapter.name} has no order ${brokerOrderId}`, code: 'not_found' };
      await call((api) => send(api, order));
      return { ok: true, brokerOrderId };
    } catch (error) {
      return refusalOf(adapter.classify(error));
    }
  };

  /** Reports what the row adds to what was seen of its order; how many changes that was. */
  const deliver = (row: Row): number => {
    const receivedTs = clock.now();
    const report = rows.report(row);
    known.set(report.orderId, rows.known(row, receivedTs));
    const eventTs = rows.eventTs(row, receivedTs);
    const clientOrderId = rows.clientOrderId(row);
    const events = tracker.events(report);
    for (const event of events) {
      const update: BrokerOrderUpdate = {
        userId,
        brokerOrderId: report.orderId,
        ...(clientOrderId ? { clientOrderId } : {}),
        event,
        eventTs,
        receivedTs,
      };
      for (const handler of handlers) handler(update);
    }
    return events.length;
  };

  return {
    brokerId: adapter.brokerId,
    userId,
    capabilities: adapter.capabilities,

    async placeOrder(cmd) {
      try {
        const placed = await call((api) => adapter.place(api, cmd));
        known.set(placed.brokerOrderId, placed.known);
        return { ok: true, brokerOrderId: placed.brokerOrderId };
      } catch (error) {
        const classified = adapter.classify(error);
        // The request may have reached the broker: throwing tells the engine to look the order up by its tag.
        if (classified.uncertain) throw classified;
        return refusalOf(classified);
      }
    },

    modifyOrder: (brokerOrderId, cmd) =>
      command(brokerOrderId, (api, order) => adapter.modify(api, brokerOrderId, order, cmd)),

    cancelOrder: (brokerOrderId) =>
      command(brokerOrderId, (api, order) => adapter.cancel(api, brokerOrderId, order)),

    async listOrders() {
      const now = clock.now();
      return (await orders()).map((row) => rows.snapshot(row, now));
    },

    positions: () => call((api) => adapter.positions(api)),

    margin: () => call((api) => adapter.margin(api)),

    onOrderUpdate(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },

    deliver(row) {
      deliver(row);
    },

    async seed() {
      for (const row of await orders()) tracker.remember(rows.report(row));
    },

    async catchUp() {
      let changes = 0;
      for (const row of await orders()) changes += deliver(row);
      return changes;
    },
  };
}
