import type { Instrument, InstrumentSearchFilters } from '@xtrader/core/api/instruments';
import { INSTRUMENT_SEARCH_DEBOUNCE_MS } from '@xtrader/core/constants';
import { Search } from 'lucide-react';
import { type UIEvent, useId, useMemo, useState } from 'react';
import { Input } from '../../ui/input';
import { useInstrumentSearch } from './search-instruments';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_MESSAGES = {
  empty: 'No results found',
  end: 'No more results',
  loading: 'Loading...',
  loadingMore: 'Loading more...',
} as const;

/** Distance from the bottom of the list at which the next page is requested. */
const LOAD_MORE_THRESHOLD_PX = 48;

type Props = {
  onSelect: (instrument: Instrument) => void;
  /** Fixed filters besides the typed text, e.g. `{ underlying: ['BANKNIFTY'], instrumentType: ['CE'] }`. */
  filters?: Omit<InstrumentSearchFilters, 'identifier'>;
  placeholder?: string;
  autoFocus?: boolean;
};

/**
 * Instrument search: typed text is sent 300 ms after the last key, results come 20 per page and
 * the next page loads when the list is scrolled to its end.
 */
export function InstrumentSearch({
  onSelect,
  filters,
  placeholder = 'Search instruments',
  autoFocus,
}: Props) {
  const listId = useId();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text.trim(), INSTRUMENT_SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => ({ ...filters, identifier: debounced }), [filters, debounced]);
  const search = useInstrumentSearch(query, debounced !== '');
  const instruments = search.data?.pages.flatMap((page) => page.instruments) ?? [];

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    const nearEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_THRESHOLD_PX;
    if (nearEnd && search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage();
  };

  let status: string | null = null;
  if (debounced !== '' && search.isPending) status = SEARCH_MESSAGES.loading;
  else if (search.isFetchingNextPage) status = SEARCH_MESSAGES.loadingMore;
  else if (search.isSuccess && instruments.length === 0) status = SEARCH_MESSAGES.empty;
  else if (search.isSuccess && !search.hasNextPage) status = SEARCH_MESSAGES.end;

  return (
    <div className="flex flex-col gap-1.5">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2 size-3.5 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <Input
          type="search"
          role="combobox"
          aria-expanded={debounced !== ''}
          aria-controls={listId}
          aria-label="Search instruments"
          className="pl-7"
          placeholder={placeholder}
          value={text}
          autoFocus={autoFocus}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {debounced !== '' && (
        <ul
          id={listId}
          aria-label="Instruments"
          className="max-h-64 overflow-y-auto rounded-md border border-border bg-surface text-xs"
          onScroll={onScroll}
        >
          {instruments.map((instrument) => (
            <li key={instrument.internalToken}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-3 px-2 py-1.5 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                onClick={() => onSelect(instrument)}
              >
                <span className="font-medium text-fg">{instrument.identifier}</span>
                <span className="text-[11px] text-muted">{instrument.tradingsymbol}</span>
              </button>
            </li>
          ))}
          {status && <li className="px-2 py-1.5 text-center text-muted">{status}</li>}
        </ul>
      )}
    </div>
  );
}
