import { API_BASE } from '@xtrader/core/api/envelope';
import { createMemoryBus } from '../../apps/server/src/bus/memory-bus';
import { systemClock } from '../../apps/server/src/clock';
import { createMemoryLeaseStore } from '../../apps/server/src/cluster/memory-lease-store';
import { createSoloOwnership } from '../../apps/server/src/cluster/ownership';
import { loadConfig } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/http/app';
import { silentLogger } from '../../apps/server/src/logger';
import { createMarketData } from '../../apps/server/src/modules/market/market-data';
import { SimulatorFeed } from '../../apps/server/src/modules/market/simulator';
import type { Resources } from '../../apps/server/src/resources';
import { createLiveGateway } from '../../apps/server/src/ws/gateway';
import { cycleFor } from './protocol';
import { benchSymbols } from './symbols';

/**
 * The real path: simulator -> quote cache (+ the Practice Mode delay line) -> gateway fan-out, in the real Fastify
 * app. Authentication accepts any token (the bench measures data, not logins).
 */
export async function startGatewayServer(symbolCount: number, ticksPerSecond: number) {
  const logger = silentLogger();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', XT_WEB_DIST: '/nonexistent' });
  const bus = createMemoryBus(logger);
  // The bench builds only the market and gateway modules; they need no store (one process: it owns every user).
  const resources = {
    config,
    logger,
    clock: systemClock,
    bus,
    leases: createMemoryLeaseStore(systemClock),
    ownership: createSoloOwnership(config.instanceId),
  } as unknown as Resources;
  const { catalog, symbols } = benchSymbols(symbolCount);
  const feed = new SimulatorFeed({
    directory: catalog,
    clock: systemClock,
    seed: 1,
    ticksPerSecond,
    cycleMs: cycleFor(ticksPerSecond),
  });
  const market = createMarketData(resources, feed, catalog);
  const gateway = createLiveGateway(resources, {
    marketData: market,
    directory: catalog,
    verifyAccessToken: async (token) => ({ userId: token, sessionId: token }),
    viewOf: async () => 'live',
  });
  const app = await buildApp(resources, [
    { name: 'market', start: () => market.start(), close: () => market.stop() },
    gateway,
  ]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    path: `${API_BASE}/websocket`,
    symbols,
    setPace: (rate: number) => feed.setPace({ ticksPerSecond: rate, cycleMs: cycleFor(rate) }),
    close: () => app.close(),
  };
}
