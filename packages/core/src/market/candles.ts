/**
 * Candles built from ticks: OHLC buckets of a fixed interval, aligned on the epoch (so 1 m buckets start on the
 * minute in every time zone whose offset is whole minutes, IST included). The server keeps them per contract and
 * the chart merges each live tick into its last one, both with the rules below.
 */

export const CANDLE_INTERVALS = ['1s', '1m'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

export const CANDLE_INTERVAL_MS: Record<CandleInterval, number> = { '1s': 1_000, '1m': 60_000 };

/** One bucket: `time` is its start (epoch ms). */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** A traded price and when (epoch ms). */
export interface PriceTick {
  price: number;
  ts: number;
}

/** The start of the bucket that holds `ts`. */
export const bucketStart = (ts: number, intervalMs: number): number =>
  Math.floor(ts / intervalMs) * intervalMs;

const usable = (tick: PriceTick) =>
  Number.isFinite(tick.price) && tick.price > 0 && Number.isFinite(tick.ts) && tick.ts >= 0;

/**
 * What merging `tick` into a series whose newest candle is `last` does: `update` that candle (same bucket), `append`
 * a new one (a later bucket), or `ignore` the tick (older than `last`'s bucket: it arrived late, and the candle it
 * belongs to is already drawn; or not a usable price).
 */
export type CandleMerge =
  | { kind: 'update'; candle: Candle }
  | { kind: 'append'; candle: Candle }
  | { kind: 'ignore' };

export function mergeTick(last: Candle | undefined, tick: PriceTick, intervalMs: number): CandleMerge {
  if (!usable(tick)) return { kind: 'ignore' };
  const time = bucketStart(tick.ts, intervalMs);
  const { price } = tick;
  if (!last || time > last.time)
    return { kind: 'append', candle: { time, open: price, high: price, low: price, close: price } };
  if (time < last.time) return { kind: 'ignore' };
  return {
    kind: 'update',
    candle: {
      time,
      open: last.open,
      high: Math.max(last.high, price),
      low: Math.min(last.low, price),
      close: price,
    },
  };
}

/** Candles of ticks in time order (late ticks are dropped as `mergeTick` drops them). */
export function aggregateTicks(ticks: Iterable<PriceTick>, intervalMs: number): Candle[] {
  const candles: Candle[] = [];
  for (const tick of ticks) applyMerge(candles, mergeTick(candles.at(-1), tick, intervalMs));
  return candles;
}

/** Applies a merge to an array of candles in place. */
export function applyMerge(candles: Candle[], merge: CandleMerge): void {
  if (merge.kind === 'append') candles.push(merge.candle);
  else if (merge.kind === 'update') candles[candles.length - 1] = merge.candle;
}

/**
 * The newest `capacity` candles of one contract at one interval: a fixed-size ring, so memory per contract is
 * bounded however long the session runs.
 */
export class CandleRing {
  private readonly slots: (Candle | undefined)[];
  /** Index of the newest candle; -1 while empty. */
  private newest = -1;
  private count = 0;

  constructor(
    readonly intervalMs: number,
    readonly capacity: number,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.slots = new Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  last(): Candle | undefined {
    return this.newest < 0 ? undefined : this.slots[this.newest];
  }

  /** Merges one tick; returns whether the series changed. */
  add(tick: PriceTick): boolean {
    const merge = mergeTick(this.last(), tick, this.intervalMs);
    if (merge.kind === 'ignore') return false;
    if (merge.kind === 'update') {
      this.slots[this.newest] = merge.candle;
      return true;
    }
    this.newest = (this.newest + 1) % this.capacity;
    this.slots[this.newest] = merge.candle;
    this.count = Math.min(this.count + 1, this.capacity);
    return true;
  }

  /** Appends a whole candle of a later bucket (a series rebuilt from an older one); an earlier one is ignored. */
  addCandle(candle: Candle): boolean {
    const last = this.last();
    if (last && candle.time <= last.time) return false;
    this.newest = (this.newest + 1) % this.capacity;
    this.slots[this.newest] = candle;
    this.count = Math.min(this.count + 1, this.capacity);
    return true;
  }

  /** Candles whose bucket starts at or after `from`, oldest first, at most the newest `limit` of them. */
  since(from: number, limit: number): Candle[] {
    const out: Candle[] = [];
    for (let back = 0; back < this.count && out.length < limit; back += 1) {
      const candle = this.slots[(this.newest - back + this.capacity) % this.capacity]!;
      if (candle.time < from) break;
      out.push(candle);
    }
    return out.reverse();
  }
}
