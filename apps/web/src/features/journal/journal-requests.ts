import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  JOURNAL_CSV_PATH,
  JOURNAL_LATEST_PATH,
  JOURNAL_PATH,
  type JournalNotesBody,
  journalDaySchema,
  journalLatestSchema,
  journalNotesPath,
} from '@xtrader/core/api/journal';
import { api, requestFile } from '../../api/client';
import { tradingKeys } from '../../api/query-keys';

/** GET /journal?day=: the day's round trips, UI orders' executions, equity curve and totals. */
export function useJournalDay(day: string) {
  return useQuery({
    queryKey: [...tradingKeys.journal, 'day', day],
    queryFn: async ({ signal }) =>
      (await api.get(JOURNAL_PATH, { query: { day }, data: journalDaySchema, signal })).data,
    placeholderData: (previous) => previous,
  });
}

/** GET /journal/latest: the last order placed from the UI (the HUD); refetched with every order update. */
export function useLatestExecution() {
  return useQuery({
    queryKey: [...tradingKeys.journal, 'latest'],
    queryFn: async ({ signal }) =>
      (await api.get(JOURNAL_LATEST_PATH, { data: journalLatestSchema, signal })).data.execution,
  });
}

/** PUT /journal/notes/{tradeId}: the trade's note and tags; the journal refetches once saved. */
export function useSaveTradeNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tradeId, ...body }: JournalNotesBody & { tradeId: string }) =>
      api.put(journalNotesPath(tradeId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingKeys.journal }),
  });
}

/** Downloads the day's journal (one row per round trip) as a CSV file. */
export async function downloadJournalCsv(day: string): Promise<void> {
  const csv = await requestFile(JOURNAL_CSV_PATH, { day });
  const url = URL.createObjectURL(csv);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `x-trader-journal-${day}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}
