import { useQuery } from '@tanstack/react-query';
import { daySummariesResponseSchema, orderChargesResponseSchema } from '@xtrader/core/api/practice';
import { POLL_INTERVAL_MS } from '@xtrader/core/constants';
import { useIsPracticeMode } from '../../api/account-queries';
import { api } from '../../api/client';
import { tradingKeys } from '../../api/query-keys';

/** How often the day summaries are looked at: the square-off writes one a day, so a slow poll is enough. */
const DAY_SUMMARY_POLL_MS = 15_000;

/** GET /broker/papertrade/charges: each executed paper order's charges, by our order id (Practice Mode only). */
export function useOrderCharges(executedCount: number) {
  const practice = useIsPracticeMode();
  return useQuery({
    // Keyed on the executed orders' count so a new fill brings its charges without waiting for the poll.
    queryKey: [...tradingKeys.practiceCharges, executedCount],
    queryFn: async ({ signal }) =>
      (await api.get('/broker/papertrade/charges', { data: orderChargesResponseSchema, signal })).data.orders,
    enabled: practice,
    refetchInterval: POLL_INTERVAL_MS,
    placeholderData: (previous) => previous,
  });
}

/** GET /broker/papertrade/day-summaries: the Practice Mode days, latest first (Practice Mode only). */
export function useDaySummaries() {
  const practice = useIsPracticeMode();
  return useQuery({
    queryKey: tradingKeys.practiceDays,
    queryFn: async ({ signal }) =>
      (await api.get('/broker/papertrade/day-summaries', { data: daySummariesResponseSchema, signal })).data
        .days,
    enabled: practice,
    refetchInterval: DAY_SUMMARY_POLL_MS,
  });
}
