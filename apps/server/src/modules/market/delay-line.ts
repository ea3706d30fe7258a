import type { MarketDepth } from '@xtrader/core/market/depth';

/** Receives one delayed tick; `close` and `depth` are undefined when the source gave none. */
export type DelayedTickVisitor = (
  symbol: string,
  price: number,
  ts: number,
  close: number | undefined,
  depth: MarketDepth | undefined,
) => void;

const INITIAL_CAPACITY = 1024;

/**
 * A FIFO of ticks waiting out the Practice Mode delay. A growable ring of parallel typed arrays, so the tick
 * path allocates nothing per tick. Ticks are pushed in time order, so the head is always the next one due.
 */
export class DelayLine {
  private symbols: string[] = new Array(INITIAL_CAPACITY);
  /** The book of each tick (the source allocates one per tick, so holding the reference is safe). */
  private depths: (MarketDepth | undefined)[] = new Array(INITIAL_CAPACITY);
  private prices = new Float64Array(INITIAL_CAPACITY);
  private times = new Float64Array(INITIAL_CAPACITY);
  private closes = new Float64Array(INITIAL_CAPACITY);
  private dues = new Float64Array(INITIAL_CAPACITY);
  private head = 0;
  private count = 0;

  constructor(readonly delayMs: number) {}

  get size(): number {
    return this.count;
  }

  /** When the oldest waiting tick falls due, or undefined when none waits. */
  nextDue(): number | undefined {
    return this.count === 0 ? undefined : this.dues[this.head];
  }

  /** Queues a tick seen at `seenAt`; it falls due `delayMs` later. */
  push(
    symbol: string,
    price: number,
    ts: number,
    close: number | undefined,
    seenAt: number,
    depth?: MarketDepth,
  ): void {
    if (this.count === this.prices.length) this.grow();
    const slot = (this.head + this.count) % this.prices.length;
    this.symbols[slot] = symbol;
    this.depths[slot] = depth;
    this.prices[slot] = price;
    this.times[slot] = ts;
    this.closes[slot] = close ?? Number.NaN;
    this.dues[slot] = seenAt + this.delayMs;
    this.count += 1;
  }

  /** Hands every tick due at `now` to `visit`, oldest first, and forgets it. Returns how many. */
  drain(now: number, visit: DelayedTickVisitor): number {
    let drained = 0;
    while (this.count > 0 && this.dues[this.head]! <= now) {
      const slot = this.head;
      const close = this.closes[slot]!;
      visit(
        this.symbols[slot]!,
        this.prices[slot]!,
        this.times[slot]!,
        Number.isNaN(close) ? undefined : close,
        this.depths[slot],
      );
      this.symbols[slot] = '';
      this.depths[slot] = undefined;
      this.head = (this.head + 1) % this.prices.length;
      this.count -= 1;
      drained += 1;
    }
    return drained;
  }

  private grow(): void {
    const capacity = this.prices.length * 2;
    const order = Array.from({ length: this.count }, (_, i) => (this.head + i) % this.prices.length);
    const copy = (source: Float64Array) => {
      const target = new Float64Array(capacity);
      order.forEach((slot, i) => {
        target[i] = source[slot]!;
      });
      return target;
    };
    this.symbols = [...order.map((slot) => this.symbols[slot]!), ...new Array<string>(capacity - this.count)];
    this.depths = [...order.map((slot) => this.depths[slot]), ...new Array<undefined>(capacity - this.count)];
    this.prices = copy(this.prices);
    this.times = copy(this.times);
    this.closes = copy(this.closes);
    this.dues = copy(this.dues);
    this.head = 0;
  }
}
