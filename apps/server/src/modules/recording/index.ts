import type { RecordingOrigin } from '@xtrader/core/market/replay-access';
import type { Resources } from '../../resources';
import type { PriceSources } from '../market/price-sources';
import type { AppModule } from '../module';
import { Recorder } from './recorder';
import { createRecordingStore, type RecordingStore } from './store';

export interface RecordingModule extends AppModule {
  readonly store: RecordingStore;
}

/** Tick recording of every price source (docs/market-data.md), when XT_RECORDING_ENABLED. */
export function createRecordingModule(
  resources: Resources,
  deps: { sources: Pick<PriceSources, 'shared' | 'onSource'> },
): RecordingModule {
  const store = createRecordingStore(resources.db);
  const settings = resources.config.recording;
  // The simulator's recordings are anyone's; a replayed file may hold real prices, so it is the platform's.
  const sharedOrigin: RecordingOrigin =
    resources.config.market.feed === 'simulator' ? { kind: 'simulated' } : { kind: 'platform' };
  const recorder = settings.enabled
    ? new Recorder({
        sources: deps.sources,
        store,
        clock: resources.clock,
        logger: resources.logger,
        settings,
        sharedOrigin,
      })
    : undefined;
  return {
    name: 'recording',
    store,
    start: async () => recorder?.start(),
    close: async () => recorder?.stop(),
  };
}
