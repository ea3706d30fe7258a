import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMapPriceSource,
  setLivePriceSource,
  TABLE_PRICE_REFRESH_MS,
  useLivePrice,
} from './live-prices';

let renders = 0;
function Cell({ symbol }: { symbol: string }) {
  renders += 1;
  return <span>{useLivePrice(symbol) ?? '-'}</span>;
}

afterEach(() => {
  setLivePriceSource(null);
  vi.useRealTimers();
});

describe('useLivePrice', () => {
  it('shows the price and coalesces a burst of ticks into one render per 200 ms', async () => {
    vi.useFakeTimers();
    const prices = createMapPriceSource({ A: 10 });
    setLivePriceSource(prices.source);
    render(<Cell symbol="A" />);
    expect(screen.getByText('10')).toBeInTheDocument();
    renders = 0;
    act(() => {
      for (let i = 1; i <= 5; i += 1) prices.set('A', 10 + i);
    });
    expect(renders).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(TABLE_PRICE_REFRESH_MS));
    expect(screen.getByText('15')).toBeInTheDocument();
    expect(renders).toBe(1);
  });

  it('does not re-render for other symbols', async () => {
    vi.useFakeTimers();
    const prices = createMapPriceSource({ A: 10, B: 1 });
    setLivePriceSource(prices.source);
    render(<Cell symbol="A" />);
    renders = 0;
    act(() => prices.set('B', 2));
    await act(() => vi.advanceTimersByTimeAsync(TABLE_PRICE_REFRESH_MS));
    expect(renders).toBe(0);
  });

  it('follows a newly plugged-in source', async () => {
    vi.useFakeTimers();
    render(<Cell symbol="A" />);
    expect(screen.getByText('-')).toBeInTheDocument();
    act(() => setLivePriceSource(createMapPriceSource({ A: 42 }).source));
    await act(() => vi.advanceTimersByTimeAsync(TABLE_PRICE_REFRESH_MS));
    expect(screen.getByText('42')).toBeInTheDocument();
  });
});
