import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionFixture } from '../test/trading-fixtures';
import { type LivePosition, useLivePositions, withLivePnl } from './live-pnl';
import { createMapPriceSource, setLivePriceSource } from './live-prices';

afterEach(() => {
  setLivePriceSource(null);
  vi.useRealTimers();
});

describe('live P&L', () => {
  it('is sell - buy + ltp x qty from the live price, else the last traded price', () => {
    const long = positionFixture({ buyValue: 6500, sellValue: 0, quantity: 65, lastTradedPrice: 100 });
    const short = positionFixture({
      tradingSymbol: 'X',
      buyValue: 0,
      sellValue: 3000,
      quantity: -30,
      lastTradedPrice: 90,
    });
    const rows = withLivePnl([long, short], (s) => (s === long.tradingSymbol ? 101.35 : undefined));
    expect(rows.map((r) => [r.ltp, r.pnl])).toEqual([
      [101.35, 87.75],
      [90, 300],
    ]);
  });

  it('recomputes every 500 ms from the price store and subscribes the symbols', async () => {
    vi.useFakeTimers();
    const prices = createMapPriceSource({ NIFTY26N2426000CE: 100 });
    setLivePriceSource(prices.source);
    const seen: LivePosition[][] = [];
    const positions = [positionFixture()];
    function Probe() {
      seen.push(useLivePositions(positions));
      return null;
    }
    render(<Probe />);
    expect(prices.retained).toEqual([['NIFTY26N2426000CE']]);
    expect(seen.at(-1)?.[0]?.pnl).toBe(0);
    prices.set('NIFTY26N2426000CE', 110);
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(seen.at(-1)?.[0]?.pnl).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(seen.at(-1)?.[0]?.pnl).toBe(650);
    const renders = seen.length;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(seen.length).toBe(renders);
  });
});
