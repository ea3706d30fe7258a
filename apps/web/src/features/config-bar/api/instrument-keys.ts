import type { IndexName } from '@xtrader/core/market/indices';

/** Cache keys of the instrument endpoints; every query of this feature takes its key from here. */
export const instrumentKeys = {
  all: ['instruments'] as const,
  expiries: (name: IndexName) => ['instruments', 'expiries', name] as const,
  strikes: (name: IndexName, expiry: string, type: 'CE' | 'PE') =>
    ['instruments', 'strikes', name, expiry, type] as const,
  latestOption: (name: IndexName) => ['instruments', 'latest-option', name] as const,
  instrument: (name: IndexName, expiry: string, type: 'CE' | 'PE', strike: number) =>
    ['instruments', 'instrument', name, expiry, type, strike] as const,
  search: (text: string) => ['instruments', 'search', text] as const,
};
