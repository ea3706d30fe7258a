import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { InstrumentSearch, SEARCH_MESSAGES } from './instrument-search';

const row = (i: number) => ({
  tradingsymbol: `NIFTY26D01${26000 + i * 50}CE`,
  internalToken: String(1000 + i),
  name: 'NIFTY',
  expiry: '2026-12-01',
  strike: 26000 + i * 50,
  instrument_type: 'CE',
  last_price: 0,
  tick_size: 0.05,
  lot_size: 65,
  exchange: 'NFO',
  exchange_token: '1',
  identifier: `NIFTY 01 DEC ${26000 + i * 50} CE`,
  segment: 'NFO-OPT',
});

/** 45 matches for "nifty", none for anything else; each page can be held back to observe the loading states. */
function stubSearch() {
  const requests: { filters: unknown; page: number; limit: number }[] = [];
  const gates: (() => void)[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://test');
    const filters = JSON.parse(url.searchParams.get('filters') ?? '{}') as { identifier: string };
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    requests.push({ filters, page, limit });
    await new Promise<void>((resolve) => gates.push(resolve));
    const all =
      filters.identifier.toLowerCase() === 'nifty' ? Array.from({ length: 45 }, (_, i) => row(i)) : [];
    const instruments = all.slice(page * limit, page * limit + limit);
    const body = {
      success: true,
      message: 'success',
      data: { instruments, next: (page + 1) * limit < all.length },
    };
    return new Response(JSON.stringify(body));
  });
  const releaseAll = () => {
    for (const release of gates.splice(0)) release();
  };
  return { requests, releaseAll };
}

const renderSearch = (onSelect = vi.fn()) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InstrumentSearch onSelect={onSelect} filters={{ instrumentType: ['CE'] }} />
    </QueryClientProvider>,
  );

describe('instrument search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the text 300 ms after the last key, 20 per page, with the fixed filters', async () => {
    const api = stubSearch();
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByRole('combobox', { name: 'Search instruments' }), 'nifty');
    expect(api.requests).toEqual([]);
    await waitFor(() => expect(api.requests).toHaveLength(1), { timeout: 1000 });
    expect(api.requests[0]).toEqual({
      filters: { instrumentType: ['CE'], identifier: 'nifty' },
      page: 0,
      limit: 20,
    });
  });

  it("shows 'Loading...', then results, 'Loading more...' on scroll, and 'No more results' at the end", async () => {
    const api = stubSearch();
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderSearch(onSelect);
    await user.type(screen.getByRole('combobox', { name: 'Search instruments' }), 'nifty');
    expect(await screen.findByText(SEARCH_MESSAGES.loading)).toBeInTheDocument();
    // 'Loading...' shows from the first key; the request itself leaves only after the 300 ms debounce.
    await waitFor(() => expect(api.requests).toHaveLength(1));
    api.releaseAll();
    expect(await screen.findByText('NIFTY 01 DEC 26000 CE')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Instruments' });
    const scrollToEnd = () => {
      Object.defineProperties(list, {
        scrollHeight: { value: 600, configurable: true },
        clientHeight: { value: 256, configurable: true },
        scrollTop: { value: 344, configurable: true, writable: true },
      });
      fireEvent.scroll(list);
    };
    scrollToEnd();
    expect(await screen.findByText(SEARCH_MESSAGES.loadingMore)).toBeInTheDocument();
    await waitFor(() => expect(api.requests).toHaveLength(2));
    api.releaseAll();
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(40));
    scrollToEnd();
    await waitFor(() => expect(api.requests.map((r) => r.page)).toEqual([0, 1, 2]));
    api.releaseAll();
    expect(await screen.findByText(SEARCH_MESSAGES.end)).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(45);
    await user.click(screen.getByText('NIFTY 01 DEC 26100 CE'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ tradingsymbol: 'NIFTY26D0126100CE' }));
  });

  it("says 'No results found' when nothing matches", async () => {
    const api = stubSearch();
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByRole('combobox', { name: 'Search instruments' }), 'gold');
    await waitFor(() => expect(api.requests).toHaveLength(1), { timeout: 1000 });
    api.releaseAll();
    expect(await screen.findByText(SEARCH_MESSAGES.empty)).toBeInTheDocument();
  });
});
