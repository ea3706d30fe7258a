import { INDEX_TABLE, type IndexName, type IndexTable } from '@xtrader/core/market/indices';
import type { Bus } from '../../../bus/bus';
import type { Clock } from '../../../clock';
import type { Logger } from '../../../logger';
import type { BrokerAck, BrokerRegistry } from '../../brokers/broker';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { MarketData, PriceView } from '../../market/contract';
import type { OrderRecord } from '../model/record';
import type { OrderStore } from '../model/store';
import { createOrderStream, type OrderStream } from './events';
import { createPacer, type Pacer, type PacerTime } from './pacer';
import { createSessionDirectory, type SessionDirectory } from './sessions';
import { createTaskTracker, createUserQueue, type TaskTracker, type UserQueue } from './user-queue';

/** What the order context is built from. */
export interface OrderContextDeps {
  clock: Clock;
  logger: Logger;
  bus: Bus;
  store: OrderStore;
  registry: BrokerRegistry;
  marketData: MarketData;
  instruments: InstrumentDirectory;
  /** Index facts (lot and freeze sizes); defaults to core's table. */
  indexTable?: IndexTable;
  /**
   * The prices orders at a broker are watched with: practice (5 s delayed) for the Practice Mode broker, live
   * otherwise. Derived from the session's broker, so it costs no read.
   */
  priceViewOf(brokerId: string): PriceView;
  /** Real timers unless a test fakes them. */
  pacerTime?: PacerTime;
  /**
   * The user's trigger/limit difference (points) for stop-loss orders of an index (their settings): where the limit
   * of a stop-limit sits beyond its trigger at a live broker. Without it the broker adapter picks a buffer.
   */
  stopLimitOffsetFor?(userId: string, index: IndexName): Promise<number | undefined>;
}

/**
 * The infrastructure every part of the order manager shares, and nothing else: no part of the flow hangs here.
 * Parts are plain functions over this object; they talk to each other through `events` (see `index.ts` for who
 * listens to what).
 */
export interface OrderContext extends Omit<OrderContextDeps, 'indexTable' | 'pacerTime'> {
  indexTable: IndexTable;
  /** The internal event stream between the parts of the flow. */
  events: OrderStream;
  tracker: TaskTracker;
  queue: UserQueue;
  pacer: Pacer;
  /** Broker sessions per user; their order updates go to `events` as 'broker.update'. */
  sessions: SessionDirectory;
  /** Placements being sent right now, by order id: a second send waits for the first instead. */
  sending: Map<string, Promise<BrokerAck>>;
  /** Stored placements still waiting for their pacing slot, by order id (cancel-all may withdraw them). */
  unsent: Map<string, UnsentPlacement>;
  /** Families (`userId|rootId`) with an evaluation scheduled that has not read them yet. */
  evaluationsQueued: Set<string>;
}

/** A placement not yet handed to the broker; once `withdrawn` it never will be. */
interface UnsentPlacement {
  order: OrderRecord;
  withdrawn: boolean;
}

export function createOrderContext(deps: OrderContextDeps): OrderContext {
  const { indexTable, pacerTime, ...rest } = deps;
  const tracker = createTaskTracker();
  const events = createOrderStream();
  return {
    ...rest,
    indexTable: indexTable ?? INDEX_TABLE,
    events,
    tracker,
    queue: createUserQueue(tracker),
    pacer: createPacer(pacerTime),
    sessions: createSessionDirectory(
      deps.registry,
      (session, update) => void events.emit('broker.update', { session, update }),
    ),
    sending: new Map<string, Promise<BrokerAck>>(),
    unsent: new Map<string, UnsentPlacement>(),
    evaluationsQueued: new Set<string>(),
  };
}
