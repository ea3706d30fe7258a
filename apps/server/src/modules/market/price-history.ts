/** One remembered price of a symbol and when it happened. */
export interface PastPrice {
  price: number;
  ts: number;
}

/** Samples of one symbol, oldest first; `head` skips the expired ones until they are compacted away. */
interface Samples {
  times: number[];
  prices: number[];
  head: number;
}

/**
 * The recent prices of each symbol, kept for `windowMs`, so a feed can say what a symbol cost a few seconds ago:
 * the delayed Practice Mode view of a contract nobody was watching is primed from it. Samples arrive in time
 * order; the newest sample older than the window is kept, since it is still the price at the window's start.
 */
export class PriceHistory {
  private readonly samples = new Map<string, Samples>();

  constructor(readonly windowMs: number) {}

  record(symbol: string, price: number, ts: number): void {
    let entry = this.samples.get(symbol);
    if (!entry) {
      entry = { times: [], prices: [], head: 0 };
      this.samples.set(symbol, entry);
    }
    entry.times.push(ts);
    entry.prices.push(price);
    const horizon = ts - this.windowMs;
    while (entry.head + 1 < entry.times.length && entry.times[entry.head + 1]! <= horizon) entry.head += 1;
    // Compact once the expired prefix is as long as the live part: amortised O(1) per sample.
    if (entry.head > 64 && entry.head * 2 > entry.times.length) {
      entry.times.splice(0, entry.head);
      entry.prices.splice(0, entry.head);
      entry.head = 0;
    }
  }

  /** The last price at or before `at`, or undefined when nothing that old is remembered. */
  at(symbol: string, at: number): PastPrice | undefined {
    const entry = this.samples.get(symbol);
    if (!entry) return undefined;
    const { times, prices } = entry;
    let low = entry.head;
    let high = times.length - 1;
    if (high < low || times[low]! > at) return undefined;
    // Binary search for the last sample with time <= at.
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (times[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return { price: prices[low]!, ts: times[low]! };
  }

  /** The oldest price still remembered (a feed that started recently answers older questions with it). */
  oldest(symbol: string): PastPrice | undefined {
    const entry = this.samples.get(symbol);
    if (!entry || entry.head >= entry.times.length) return undefined;
    return { price: entry.prices[entry.head]!, ts: entry.times[entry.head]! };
  }
}
