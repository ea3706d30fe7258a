import { useInfiniteQuery } from '@tanstack/react-query';
import {
  type InstrumentSearchFilters,
  type InstrumentSearchResponse,
  instrumentSearchResponseSchema,
} from '@xtrader/core/api/instruments';
import { INSTRUMENT_SEARCH_PAGE_SIZE } from '@xtrader/core/constants';
import { api } from '../../api/client';

/** GET /instruments/search: one zero-based page of `limit` instruments, and whether another follows. */
const searchInstruments = async (
  filters: InstrumentSearchFilters,
  page: number,
  limit = INSTRUMENT_SEARCH_PAGE_SIZE,
): Promise<InstrumentSearchResponse> =>
  (
    await api.get('/instruments/search', {
      query: { filters: JSON.stringify(filters), page, limit },
      data: instrumentSearchResponseSchema,
    })
  ).data;

/** Pages of a search; the next page is requested unless the last one said `next: false`. */
const instrumentSearchQuery = (filters: InstrumentSearchFilters) => ({
  queryKey: ['instruments', 'search', filters] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => searchInstruments(filters, pageParam),
  initialPageParam: 0,
  getNextPageParam: (last: InstrumentSearchResponse, pages: InstrumentSearchResponse[]) =>
    last.next ? pages.length : undefined,
});

export const useInstrumentSearch = (filters: InstrumentSearchFilters, enabled: boolean) =>
  useInfiniteQuery({ ...instrumentSearchQuery(filters), enabled });
