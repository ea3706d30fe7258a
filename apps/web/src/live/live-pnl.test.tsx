import { act, render } from '@testing-library/react';
import type { Position } from '@xtrader/core/api/portfolio';
import { LIVE_PNL_RECOMPUTE_MS } from '@xtrader/core/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionFixture } from '../test/trading-fixtures';
import { LivePnlStore, useLiveFigures, useLiveIndexPnl, useLiveIntradayMtm } from './live-pnl';
import { createMapPriceSource } from './live-prices';

afterEach(() => vi.useRealTimers());

function storeWith(initial: Record<string, number>) {
  const prices = createMapPriceSource(initial);
  const released: string[][] = [];
  const retain = (symbols: readonly string[]) => {
    prices.source.retain(symbols);
    return () => void released.push([...symbols]);
  };
  return { store: new LivePnlStore(prices.source.read, retain), prices, released };
}

const a = positionFixture({ tradingSymbol: 'A', quantity: 65, buyValue: 6500, sellValue: 0 });
const b = positionFixture({
  tradingSymbol: 'B',
  quantity: -30,
  buyValue: 0,
  sellValue: 3000,
  lastTradedPrice: 90,
});
const other = positionFixture({ tradingSymbol: 'C', index: 'SENSEX', quantity: 10, buyValue: 100 });

describe('live P&L store', () => {
  it('is sell - buy + ltp x qty at the live price, else the last traded price, notifying only when a figure moved', () => {
    const { store, prices } = storeWith({ A: 101.35 });
    store.track([a, b, other]);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get(a)).toEqual({ ltp: 101.35, pnl: 87.75 });
    expect(store.get(b)).toEqual({ ltp: 90, pnl: 300 });
    expect(store.indexPnl([a, b, other], 'NIFTY')).toBe(387.75);
    const before = store.get(b);
    store.recompute();
    expect(listener).not.toHaveBeenCalled();
    prices.set('A', 102);
    expect(store.get(a).pnl).toBe(87.75);
    store.recompute();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get(a).pnl).toBe(130);
    expect(store.get(b)).toBe(before);
  });

  it('takes intraday positions only into the intraday MTM, closed ones included', () => {
    const { store } = storeWith({ A: 110 });
    const intraday = { ...a, productType: 'intraday' as const };
    const closed = positionFixture({
      tradingSymbol: 'D',
      productType: 'intraday',
      quantity: 0,
      buyValue: 50,
      sellValue: 80,
    });
    const normal = { ...b, productType: 'normal' as const };
    store.track([intraday, closed, normal]);
    expect(store.intradayMtm([intraday, closed, normal])).toBe(650 + 30);
  });

  it('runs one 500 ms loop and subscribes the symbols while anything is tracked', async () => {
    vi.useFakeTimers();
    const { store, prices, released } = storeWith({ A: 100 });
    const untrackTable = store.track([a, b]);
    const untrackFunds = store.track([a]);
    expect(prices.retained).toEqual([['A', 'B']]);
    expect(vi.getTimerCount()).toBe(1);
    prices.set('A', 110);
    await vi.advanceTimersByTimeAsync(LIVE_PNL_RECOMPUTE_MS - 1);
    expect(store.get(a).ltp).toBe(100);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.get(a).ltp).toBe(110);
    untrackTable();
    expect(prices.retained.at(-1)).toEqual(['A']);
    expect(released).toEqual([['A', 'B']]);
    untrackFunds();
    expect(released.at(-1)).toEqual(['A']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('re-renders a reader only when its figure changed, at most every 500 ms', async () => {
    vi.useFakeTimers();
    const { store, prices } = storeWith({ A: 100, B: 90 });
    const positions: Position[] = [a, b];
    const seen: number[] = [];
    const groupPnl: number[] = [];
    const mtm: (number | undefined)[] = [];
    function Probe() {
      seen.push(useLiveFigures(a, store).pnl);
      return null;
    }
    function Group() {
      groupPnl.push(useLiveIndexPnl(positions, 'NIFTY', store));
      return null;
    }
    function Mtm({ list }: { list?: Position[] }) {
      mtm.push(useLiveIntradayMtm(list, store));
      return null;
    }
    const { rerender } = render(
      <>
        <Probe />
        <Group />
        <Mtm />
      </>,
    );
    expect(seen.at(-1)).toBe(0);
    expect(groupPnl.at(-1)).toBe(300);
    expect(mtm.at(-1)).toBeUndefined();
    prices.set('A', 110);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_PNL_RECOMPUTE_MS));
    expect(seen.at(-1)).toBe(650);
    const renders = seen.length;
    prices.set('B', 80);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_PNL_RECOMPUTE_MS * 4));
    expect(seen.length).toBe(renders);
    expect(groupPnl.at(-1)).toBe(650 + 600);
    rerender(
      <>
        <Probe />
        <Group />
        <Mtm list={[{ ...a, productType: 'intraday' }]} />
      </>,
    );
    expect(mtm.at(-1)).toBe(650);
  });
});
