import { describe, expect, it } from 'vitest';
import { PriceHistory } from './price-history';

describe('price history', () => {
  it('answers the last price at or before a time, and nothing before the first', () => {
    const history = new PriceHistory(10_000);
    history.record('A', 10, 1000);
    history.record('A', 11, 2000);
    history.record('A', 12, 3000);
    expect(history.at('A', 999)).toBeUndefined();
    expect(history.at('A', 1000)).toEqual({ price: 10, ts: 1000 });
    expect(history.at('A', 2999)).toEqual({ price: 11, ts: 2000 });
    expect(history.at('A', 9999)).toEqual({ price: 12, ts: 3000 });
    expect(history.at('B', 9999)).toBeUndefined();
  });

  it('forgets what is older than its window but keeps the price standing at the window start', () => {
    const history = new PriceHistory(1000);
    for (let ts = 0; ts <= 100_000; ts += 100) history.record('A', ts / 100, ts);
    expect(history.at('A', 99_000)).toEqual({ price: 990, ts: 99_000 });
    expect(history.at('A', 98_999)).toBeUndefined();
    expect(history.oldest('A')).toEqual({ price: 990, ts: 99_000 });
    history.record('B', 5, 0);
    history.record('B', 6, 50_000);
    // The 0 ms price still held until 50 s: it is what the window's start saw.
    expect(history.at('B', 49_500)).toEqual({ price: 5, ts: 0 });
  });
});
