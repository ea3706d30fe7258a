import { useQueries } from '@tanstack/react-query';
import type { IndexName } from '@xtrader/core/market/indices';
import { useLiveSymbols } from '../../live';

/**
 * Where the ladder finds strikes and contracts: the configuration bar's instrument queries, handed in by the
 * dashboard (features do not import each other), so the caches are shared.
 */
export type LadderInstrumentSource = {
  useStrikes: (index: IndexName, expiry: string) => readonly number[];
  fetchInstrument: (
    index: IndexName,
    expiry: string,
    type: 'CE' | 'PE',
    strike: number,
  ) => Promise<{ tradingsymbol: string }>;
  instrumentKey: (index: IndexName, expiry: string, type: 'CE' | 'PE', strike: number) => readonly unknown[];
};

export type LadderContracts = Map<number, { call?: string; put?: string }>;

/**
 * The call and put trading symbols of the ladder's strikes (each fetched once per session, the config bar's own
 * instrument query, so a strike the bar picks is already known), kept subscribed on the app's one live feed while
 * shown. Bounded: only the window's strikes, at most 2 x (2 x 10 + 1) symbols.
 */
export function useLadderContracts(
  source: LadderInstrumentSource,
  index: IndexName,
  expiry: string,
  strikes: readonly number[],
): LadderContracts {
  const queries = useQueries({
    queries: strikes.flatMap((strike) =>
      (['CE', 'PE'] as const).map((type) => ({
        queryKey: source.instrumentKey(index, expiry, type, strike),
        queryFn: () => source.fetchInstrument(index, expiry, type, strike),
        staleTime: Number.POSITIVE_INFINITY,
        enabled: expiry !== '',
        retry: false,
      })),
    ),
  });
  const contracts: LadderContracts = new Map();
  strikes.forEach((strike, at) => {
    contracts.set(strike, {
      call: queries[at * 2]?.data?.tradingsymbol,
      put: queries[at * 2 + 1]?.data?.tradingsymbol,
    });
  });
  useLiveSymbols([...contracts.values()].flatMap(({ call, put }) => [call ?? '', put ?? '']));
  return contracts;
}
