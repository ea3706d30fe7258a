import { randomInt } from 'node:crypto';
import type { Resources } from '../../resources';
import type { InstrumentDirectory } from '../instruments/contract';
import type { PriceFeed } from './contract';
import { TrueDataFeed } from './platform/truedata-feed';
import { loadReplayFile, ReplayFeed } from './replay';
import { SimulatorFeed } from './simulator';

/**
 * The shared source's feed: the platform feed when the operator configured one (XT_PLATFORM_FEED_VENDOR), else the
 * feed `XT_FEED` names: the simulator (default) or the replay of `XT_REPLAY_FILE` (loaded when it starts).
 */
export function createConfiguredFeed(
  resources: Pick<Resources, 'config' | 'clock' | 'logger'>,
  directory: InstrumentDirectory,
): PriceFeed {
  const { config, clock, logger } = resources;
  const market = config.market;
  if (market.platformFeed) {
    const { vendor, url } = market.platformFeed;
    logger.info({ vendor, url }, 'platform feed');
    return new TrueDataFeed(market.platformFeed, { directory, logger, now: () => clock.now() });
  }
  const replayFile = market.replayFile;
  // Enough history to price a contract as of the Practice Mode delay ago, with room for a slow tick.
  const historyMs = market.practiceDelayMs + 10_000;
  if (market.feed === 'replay' && replayFile) {
    const load = async () => {
      const { ticks, errors } = await loadReplayFile(replayFile);
      for (const error of errors.slice(0, 20)) logger.warn({ file: replayFile }, `replay file: ${error}`);
      logger.info({ file: replayFile, ticks: ticks.length, speed: market.replaySpeed }, 'replay feed');
      return ticks;
    };
    return new ReplayFeed({ ticks: load, clock, speed: market.replaySpeed, historyMs });
  }
  const seed = market.simSeed ?? randomInt(2 ** 32 - 1);
  logger.info({ seed, marketHours: market.simMarketHours }, 'market simulator');
  return new SimulatorFeed({ directory, clock, seed, marketHours: market.simMarketHours, historyMs });
}
