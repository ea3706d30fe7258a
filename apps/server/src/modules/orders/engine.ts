import { INDEX_TABLE, type IndexName, type IndexTable } from '@xtrader/core';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { BrokerAck, BrokerRegistry } from '../brokers/broker';
import type { InstrumentDirectory } from '../instruments/contract';
import type { MarketData, PriceView } from '../market/contract';
import { createPacer, type Pacer, type PacerTime } from './pacer';
import type { OrderRecord } from './record';
import { createRepairAnnouncer, repairFamily } from './repair';
import { createRepairList, type RepairList } from './repair-list';
import { createSessionDirectory, type SessionDirectory } from './sessions';
import type { OrderStore } from './store';
import { createTrailingMonitor, type TrailingMonitor } from './trailing-monitor';
import { handleBrokerUpdate } from './updates';
import { createTaskTracker, createUserQueue, type TaskTracker, type UserQueue } from './user-queue';

/** Collaborators of the order engine. */
export interface OrderEngineDeps {
  clock: Clock;
  logger: Logger;
  bus: Bus;
  store: OrderStore;
  registry: BrokerRegistry;
  marketData: MarketData;
  instruments: InstrumentDirectory;
  /** Index facts (lot and freeze sizes); defaults to core's table. */
  indexTable?: IndexTable;
  /** The prices a user trades on: practice (5 s delayed) in Practice Mode, live otherwise. */
  priceViewFor(userId: string): Promise<PriceView>;
  /** Real timers unless a test fakes them. */
  pacerTime?: PacerTime;
  /** Pauses between repairs of a family (default REPAIR_DELAYS_MS; the last repeats). */
  repairDelaysMs?: readonly number[];
  /**
   * The user's trigger/limit difference (points) for stop-loss orders of an index (their settings): where the limit
   * of a stop-limit sits beyond its trigger at a live broker. Without it the broker adapter picks a buffer.
   */
  stopLimitOffsetFor?(userId: string, index: IndexName): Promise<number | undefined>;
}

/**
 * The resources every part of the order engine shares (placement, workflows, trailing, recovery, reads). Parts are
 * plain functions over this object, each in its own file.
 */
export interface OrderEngine extends Omit<OrderEngineDeps, 'indexTable' | 'pacerTime' | 'repairDelaysMs'> {
  indexTable: IndexTable;
  tracker: TaskTracker;
  queue: UserQueue;
  pacer: Pacer;
  sessions: SessionDirectory;
  trailing: TrailingMonitor;
  /** Families whose update or workflow step failed past its retries, repaired until their rules ran through. */
  repairs: RepairList;
  /** Placements being sent right now, by order id: a second send waits for the first instead. */
  sending: Map<string, Promise<BrokerAck>>;
  /** Stored placements still waiting for their pacing slot, by order id (cancel-all may withdraw them). */
  unsent: Map<string, UnsentPlacement>;
  /** Families (`userId|rootId`) with an evaluation scheduled that has not read them yet. */
  evaluationsQueued: Set<string>;
}

/** A placement not yet handed to the broker; once `withdrawn` it never will be. */
export interface UnsentPlacement {
  order: OrderRecord;
  withdrawn: boolean;
}

export function createOrderEngine(deps: OrderEngineDeps): OrderEngine {
  const tracker = createTaskTracker();
  const engine = {
    ...deps,
    indexTable: deps.indexTable ?? INDEX_TABLE,
    tracker,
    queue: createUserQueue(tracker),
    pacer: createPacer(deps.pacerTime),
    sending: new Map<string, Promise<BrokerAck>>(),
    unsent: new Map<string, UnsentPlacement>(),
    evaluationsQueued: new Set<string>(),
  } as OrderEngine;
  engine.sessions = createSessionDirectory(deps.registry, (session, update) =>
    handleBrokerUpdate(engine, session, update),
  );
  engine.trailing = createTrailingMonitor(engine);
  const announcer = createRepairAnnouncer(engine);
  engine.repairs = createRepairList(
    {
      repair: (entry) => repairFamily(engine, entry),
      entered: (entry) => void tracker.track(announcer.entered(entry)),
      repaired: (entry) => void tracker.track(announcer.repaired(entry)),
    },
    { logger: deps.logger, tracker, ...(deps.repairDelaysMs ? { delays: deps.repairDelaysMs } : {}) },
  );
  return engine;
}
