import { type PlaceOrderInput, placeOrderRequestSchema } from '@xtrader/core/api/orders';
import { createPaperFixture, type PaperFixture } from '../../../../test/helpers/paper';
import type { Bus, BusEvents } from '../../../bus/bus';
import { createMemoryBus } from '../../../bus/memory-bus';
import { silentLogger } from '../../../logger';
import type { StoreDialect } from '../../../store/open-store';
import type { BrokerRegistry, BrokerSession } from '../../brokers/broker';
import { createOrdersModule, type OrdersModule } from '../../orders/index';
import { busOrderActivity, createRiskModule, orderManagerExits, type RiskModule } from '../index';
import type { KillSwitchOptions } from '../kill-switch';

/**
 * The real engine for profit protection scenarios and the benchmark: the paper exchange (Practice Mode), the
 * order manager and the risk module, wired as the composition root wires them, on a temp store and a fake clock.
 */
export interface PaperStack {
  paper: PaperFixture;
  bus: Bus;
  orders: OrdersModule;
  risk: RiskModule;
  notifications: BusEvents['notification'][];
  /** A Practice Mode user with a paper account. */
  addUser(): Promise<string>;
  /** Places an order through the order manager (the body as a client sends it). */
  place(userId: string, body: Partial<PlaceOrderInput>): Promise<string>;
  /** Waits until the exchange, the order manager and the monitor are all quiet. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface PaperStackOptions {
  store?: StoreDialect;
  kill?: Partial<KillSwitchOptions>;
  /** Wraps each user's paper session (the benchmark times the broker's acknowledgements there). */
  wrapSession?: (session: BrokerSession) => BrokerSession;
}

export async function createPaperStack(options: PaperStackOptions = {}): Promise<PaperStack> {
  const paper = await createPaperFixture(options.store ?? 'sqlite');
  const logger = silentLogger();
  const bus = createMemoryBus(logger);
  const resources = { clock: paper.clock, logger, bus, db: paper.store.db, dialect: paper.store.dialect };
  const wrap = options.wrapSession ?? ((session: BrokerSession) => session);
  const sessions = new Map<string, BrokerSession>();
  const registry: BrokerRegistry = {
    sessionFor: async (userId) => {
      const session = sessions.get(userId) ?? wrap(paper.exchange.sessionFor(userId));
      sessions.set(userId, session);
      return session;
    },
  };
  const orders = createOrdersModule({
    resources,
    registry,
    marketData: paper.market,
    instruments: paper.instruments,
    requireUser: async () => {},
    priceViewOf: () => 'practice',
  });
  const risk = createRiskModule(resources, {
    requireUser: async () => {},
    marketData: paper.market,
    positions: { positions: async (userId) => await paper.exchange.sessionFor(userId).positions() },
    viewOf: async () => 'practice',
    activity: busOrderActivity(bus),
    exits: orderManagerExits(orders.service),
    ...(options.kill ? { killSwitch: { options: options.kill } } : {}),
  });
  const notifications: BusEvents['notification'][] = [];
  bus.subscribe('notification', (message) => {
    if (message.notification.notificationType === 'profit_protection_triggered') notifications.push(message);
  });
  await orders.start();
  await risk.start?.();

  const stack: PaperStack = {
    paper,
    bus,
    orders,
    risk,
    notifications,
    async addUser() {
      const userId = await paper.addUser();
      await paper.exchange.ensureAccount(userId);
      return userId;
    },
    async place(userId, body) {
      const request = placeOrderRequestSchema.parse({
        exchange: 'NFO',
        quantity: 65,
        transactionType: 'buy',
        product: 'intraday',
        orderType: 'market',
        ...body,
      });
      return (await orders.service.place(userId, { body: request, iceberg: false })).orderId;
    },
    async idle() {
      for (let round = 0; round < 100; round += 1) {
        await paper.exchange.idle();
        await orders.service.idle();
        await risk.monitor.idle();
        await new Promise((resolve) => setImmediate(resolve));
        if (orders.context.tracker.pending === 0) return;
      }
    },
    async close() {
      await risk.close?.();
      await orders.close();
      await bus.close();
      await paper.close();
    },
  };
  return stack;
}
