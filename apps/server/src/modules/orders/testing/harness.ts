import type { Kysely } from 'kysely';
import { createFakeClock, type FakeClock } from '../../../../test/helpers/fake-clock';
import { createTestStore } from '../../../../test/helpers/test-store';
import type { BusEvents } from '../../../bus/bus';
import { createMemoryBus } from '../../../bus/memory-bus';
import { silentLogger } from '../../../logger';
import type { Database } from '../../../store/database';
import type { StoreDialect } from '../../../store/open-store';
import type { BrokerRegistry } from '../../brokers/broker';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { PacerTime } from '../context/pacer';
import { createOrdersModule, type OrdersModule, type OrdersModuleDeps } from '../index';
import type { PlacementGuard } from '../service';
import { FakeBroker, type FakeBrokerOptions } from './fake-broker';
import { createTestInstruments } from './fake-instruments';
import { FakeMarket } from './fake-market';

export interface HarnessOptions {
  store?: StoreDialect;
  broker?: FakeBrokerOptions;
  placementGuards?: PlacementGuard[];
  /** Another broker registry (e.g. the real paper broker) instead of the fake broker's. */
  registry?: BrokerRegistry;
  /** The users' trigger/limit difference per index (their settings). */
  stopLimitOffsetFor?: OrdersModuleDeps['stopLimitOffsetFor'];
  /** The pacer's clock (real timers unless given). */
  pacerTime?: PacerTime;
}

/** The order engine on a real temp store, a fake clock, a scripted market and broker; restartable. */
export interface OrdersHarness {
  module: OrdersModule;
  db: Kysely<Database>;
  clock: FakeClock;
  market: FakeMarket;
  broker: FakeBroker;
  instruments: InstrumentDirectory;
  published: { topic: keyof BusEvents; message: unknown }[];
  /** Waits until the broker has delivered everything and the engine has handled it. */
  settle(): Promise<void>;
  /** Stops the module (as a crash would: listeners gone) and starts a new one on the same store. */
  restart(beforeStart?: () => Promise<void> | void): Promise<void>;
  /** Abandons the module mid-work (a crash: nothing in flight completes) and starts a new one on the same store. */
  crash(beforeStart?: () => Promise<void> | void): Promise<void>;
  close(): Promise<void>;
}

const noopAuth = async () => {};

export async function createOrdersHarness(options: HarnessOptions = {}): Promise<OrdersHarness> {
  const store = await createTestStore(options.store);
  const logger = silentLogger();
  const bus = createMemoryBus(logger);
  const clock = createFakeClock();
  const market = new FakeMarket();
  const broker = new FakeBroker(market, clock.now, options.broker);
  const instruments = createTestInstruments();
  const published: OrdersHarness['published'] = [];
  bus.subscribe('order.updated', (message) => void published.push({ topic: 'order.updated', message }));
  bus.subscribe('notification', (message) => void published.push({ topic: 'notification', message }));

  const build = () =>
    createOrdersModule({
      resources: { clock, logger, bus, db: store.db, dialect: store.dialect },
      registry: options.registry ?? broker.registry,
      marketData: market,
      instruments,
      requireUser: noopAuth,
      priceViewOf: () => 'practice',
      ...(options.placementGuards ? { placementGuards: options.placementGuards } : {}),
      ...(options.stopLimitOffsetFor ? { stopLimitOffsetFor: options.stopLimitOffsetFor } : {}),
      ...(options.pacerTime ? { pacerTime: options.pacerTime } : {}),
    });

  const harness: OrdersHarness = {
    module: build(),
    db: store.db,
    clock,
    market,
    broker,
    instruments,
    published,
    async settle() {
      for (let round = 0; round < 1000; round += 1) {
        await harness.module.service.idle();
        await new Promise((resolve) => setImmediate(resolve));
        if (broker.idle && harness.module.context.tracker.pending === 0) return;
      }
      throw new Error('The engine did not settle');
    },
    async restart(beforeStart) {
      await harness.module.close();
      await beforeStart?.();
      harness.module = build();
      await harness.module.start();
      await harness.settle();
    },
    async crash(beforeStart) {
      harness.module.trailing.stop();
      harness.module.repairs.stop();
      harness.module.context.sessions.close();
      await beforeStart?.();
      harness.module = build();
      await harness.module.start();
      await harness.settle();
    },
    async close() {
      await harness.module.close();
      await bus.close();
      await store.close();
    },
  };
  await harness.module.start();
  return harness;
}
