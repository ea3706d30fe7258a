import type { EngineOwnership } from '../cluster/ownership';
import type { PaperExchange } from './brokers/paper/exchange';
import type { OrdersModule } from './orders/index';
import type { ProfitProtectionMonitor } from './risk/monitor';

/**
 * Clustered, a user's engine starts where their lease is taken (their first request, or a takeover after the
 * instance running it died) and stops where it is lost. Starting: the paper account first (the orders' broker),
 * then the order manager's recovery (missed updates, unsent orders, workflows, trailing), then profit protection.
 * Stopping goes the other way. Not clustered, ownership never changes and this wires nothing that runs.
 */
export function wireUserEngines(
  ownership: EngineOwnership,
  engines: { paper: PaperExchange; orders: OrdersModule; risk?: ProfitProtectionMonitor },
): void {
  const { paper, orders, risk } = engines;
  ownership.onGained(async (userId) => {
    await paper.adopt(userId);
    await orders.service.resync(userId);
    await risk?.adopt(userId);
  });
  ownership.onLost(async (userId) => {
    risk?.forget(userId);
    await orders.releaseUser(userId);
    await paper.drop(userId);
  });
}
