import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DisciplineStatus, disciplineStatusSchema } from '@xtrader/core/api/discipline';
import { POLL_INTERVAL_MS } from '@xtrader/core/constants';
import { anyDisciplineRule } from '@xtrader/core/risk/discipline';
import { api } from '../../../api/client';
import { tradingKeys } from '../../../api/query-keys';

/** GET /discipline: the trader's rules, today's count and the rules refusing new orders now. */
export const disciplineQuery = queryOptions({
  queryKey: tradingKeys.discipline,
  queryFn: async ({ signal }) =>
    (await api.get('/discipline', { data: disciplineStatusSchema, signal })).data,
});

/** Polled every 5 s while a rule is set or the day is locked (the count, cool-down and cut-off move with orders and time). */
export const disciplinePollInterval = (data: DisciplineStatus | undefined): number | false =>
  data && (anyDisciplineRule(data.settings) || data.locked) ? POLL_INTERVAL_MS : false;

export function useDiscipline() {
  return useQuery({
    ...disciplineQuery,
    refetchInterval: (query) => disciplinePollInterval(query.state.data),
  });
}
