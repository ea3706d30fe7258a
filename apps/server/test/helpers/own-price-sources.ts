import { loadConfig } from '../../src/config';
import { silentLogger } from '../../src/logger';
import { createLivePriceStreams, type LivePriceStreams } from '../../src/modules/brokers/live/price-streams';
import type { CredentialVault } from '../../src/modules/brokers/vault';
import type { InstrumentRecord } from '../../src/modules/instruments/contract';
import { ManualFeed } from '../../src/modules/market/manual-feed';
import { createMarketData } from '../../src/modules/market/market-data';
import { createPriceSources, type PriceSources } from '../../src/modules/market/price-sources';
import type { FakeClock } from './fake-clock';
import { FakeInstruments } from './fake-instruments';

/**
 * The market module's price sources (a manual shared feed, no practice delay) with the live brokers' price streams
 * announcing users' own feeds into them: where a broker's own-prices contract test plugs its `prices` hook.
 */
export async function ownPriceSources(deps: {
  contracts: readonly InstrumentRecord[];
  vault: CredentialVault;
  clock: FakeClock;
}): Promise<{ sources: PriceSources; streams: LivePriceStreams; stop(): Promise<void> }> {
  const resources = {
    config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
    clock: { now: Date.now },
    logger: silentLogger(),
  };
  const directory = new FakeInstruments(deps.contracts);
  const sources = createPriceSources(
    resources,
    createMarketData(resources, new ManualFeed(), directory),
    directory,
  );
  await sources.start();
  const streams = createLivePriceStreams({
    streams: sources,
    vault: deps.vault,
    clock: deps.clock,
    logger: silentLogger(),
  });
  return {
    sources,
    streams,
    async stop() {
      streams.close();
      await sources.stop();
    },
  };
}
