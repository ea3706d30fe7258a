import type { IndexName } from '@xtrader/core/market/indices';
import { fetchInstrument } from '../config-bar/api/fetch-instrument';
import { useStrikes } from '../config-bar/api/get-strikes';
import { instrumentKeys } from '../config-bar/api/instrument-keys';
import type { LadderInstrumentSource } from '../strike-ladder/use-ladder-contracts';

const NO_STRIKES: number[] = [];

/** The strike ladder reads the configuration bar's instrument queries (one cache for both). */
export const ladderSource: LadderInstrumentSource = {
  useStrikes: (index: IndexName, expiry: string) => useStrikes(index, expiry, 'CE').data ?? NO_STRIKES,
  fetchInstrument,
  instrumentKey: instrumentKeys.instrument,
};
