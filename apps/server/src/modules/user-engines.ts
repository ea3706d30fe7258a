import type { EngineOwnership } from '../cluster/ownership';
import type { LiveBrokersModule } from './brokers/live/module';
import type { PaperExchange } from './brokers/paper/exchange';
import type { OrdersModule } from './orders/index';
import type { ProfitProtectionMonitor } from './risk/monitor';

/**
 * Clustered, a user's engine starts where their lease is taken (their first request, or a takeover after the
 * instance running it died) and stops where it is lost. Starting: the paper account first (the orders' broker),
 * the live brokers' update channels and price streams, then the order manager's recovery (missed updates, unsent
 * orders, workflows, trailing), then profit protection. Stopping goes the other way. Not clustered, ownership never changes and this wires nothing that runs.
 */
export function wireUserEngines(
  ownership: EngineOwnership,
  engines: {
    paper: PaperExchange;
    orders: OrdersModule;
    risk?: ProfitProtectionMonitor;
    /** Live brokers' update channels and the user's own broker price streams. */
    live?: Pick<LiveBrokersModule, 'adopt' | 'release'>;
  },
): void {
  const { paper, orders, risk, live } = engines;
  ownership.onGained(async (userId) => {
    await paper.adopt(userId);
    // The broker's update channel opens (and its book is read) before the order manager reconciles with it.
    await live?.adopt(userId);
    await orders.service.resync(userId);
    await risk?.adopt(userId);
  });
  ownership.onLost(async (userId) => {
    risk?.forget(userId);
    await orders.releaseUser(userId);
    live?.release(userId);
    await paper.drop(userId);
  });
}
