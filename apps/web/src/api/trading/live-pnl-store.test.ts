import { positionKey } from '@xtrader/core/pnl/position-key';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionFixture } from '../../test/trading-fixtures';
import { LivePnlStore } from './live-pnl-store';
import { createMapPriceSource, setLivePriceSource } from './live-prices';

afterEach(() => setLivePriceSource(null));

describe('LivePnlStore', () => {
  it('computes each position at its live price and each index P&L exactly, notifying only when a figure moved', () => {
    const prices = createMapPriceSource({ A: 101.35 });
    setLivePriceSource(prices.source);
    const a = positionFixture({ tradingSymbol: 'A', quantity: 65, buyValue: 6500, sellValue: 0 });
    const other = positionFixture({ tradingSymbol: 'C', index: 'SENSEX', quantity: 10, buyValue: 100 });
    const b = positionFixture({
      tradingSymbol: 'B',
      quantity: -30,
      buyValue: 0,
      sellValue: 3000,
      lastTradedPrice: 90,
    });
    const store = new LivePnlStore([a, b, other]);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get(positionKey(a))).toEqual({ ltp: 101.35, pnl: 87.75 });
    expect(store.get(positionKey(b))).toEqual({ ltp: 90, pnl: 300 });
    expect(store.indexPnl('NIFTY')).toBe(387.75);
    const before = store.get(positionKey(b));
    store.recompute();
    expect(listener).not.toHaveBeenCalled();
    prices.set('A', 102);
    store.recompute();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get(positionKey(a))?.pnl).toBe(130);
    expect(store.get(positionKey(b))).toBe(before);
  });
});
