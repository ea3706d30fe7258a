import type { BrokerKey } from '@xtrader/core/api/brokers';
import type { LiveBrokerPlugin } from '../../src/modules/brokers/live/plugin';
import type { LivePriceStreams } from '../../src/modules/brokers/live/price-streams';
import type { CredentialVault } from '../../src/modules/brokers/vault';
import type { InstrumentRecord } from '../../src/modules/instruments/contract';
import type { PriceSources } from '../../src/modules/market/price-sources';
import type { FakeClock } from './fake-clock';
import { ownPriceSources } from './own-price-sources';

/**
 * A plugged broker's users' own price streams over real price sources (no practice delay, the shared source fed
 * by hand), as the live-brokers module wires them. `refresh` is what the plugin's `onStatus` should call.
 */
export interface OwnPriceStreams {
  sources: PriceSources;
  streams: LivePriceStreams;
  close(): Promise<void>;
}

export async function startOwnPriceStreams(options: {
  key: BrokerKey;
  plugin: LiveBrokerPlugin;
  vault: CredentialVault;
  clock: FakeClock;
  contracts: readonly InstrumentRecord[];
}): Promise<OwnPriceStreams> {
  const { prices } = options.plugin;
  if (!prices) throw new Error(`${options.key} has no prices hook`);
  const { sources, streams, stop } = await ownPriceSources(options);
  streams.add(options.key, options.plugin.brokerId, prices);
  return { sources, streams, close: stop };
}
