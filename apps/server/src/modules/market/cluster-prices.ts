import { LeaseLeadership } from '../../cluster/lease-leadership';
import { PRICES_LEADER_LEASE } from '../../cluster/lease-store';
import type { Resources } from '../../resources';
import { ClusteredFeed } from './clustered-feed';
import { ClusteredPlatformFeed } from './clustered-platform-feed';
import { isPlatformFeed, type PriceFeed } from './contract';

/**
 * The configured feed run once per cluster: the instance holding the `leader:prices` lease runs it and the others
 * follow its ticks over the bus (docs/market-data.md, "Several instances"); a platform feed's line state too.
 */
export function clusterPriceFeed(
  resources: Pick<Resources, 'config' | 'clock' | 'logger' | 'bus' | 'leases'>,
  inner: PriceFeed,
): ClusteredFeed {
  const { config, clock, logger, bus, leases } = resources;
  const leadership = new LeaseLeadership({
    leases,
    name: PRICES_LEADER_LEASE,
    holder: config.instanceId,
    ttlMs: config.leaseTtlMs,
    logger,
  });
  const options = {
    bus,
    leadership,
    instanceId: config.instanceId,
    clock,
    logger,
    historyMs: config.market.practiceDelayMs + 10_000,
  };
  // A platform feed stays one: its vendor and line state reach every instance's badge.
  return isPlatformFeed(inner)
    ? new ClusteredPlatformFeed({ ...options, inner })
    : new ClusteredFeed({ ...options, inner });
}
