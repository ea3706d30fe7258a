import {
  bucketStart,
  CANDLE_INTERVAL_MS,
  type Candle,
  type CandleInterval,
  CandleRing,
  type PriceTick,
} from '@xtrader/core/market/candles';
import type { PriceSourceId, PriceView, Quote } from '../market/contract';

/** How much the book keeps: candles per series and how many series (source, view, symbol) at once. */
export interface CandleBookLimits {
  /** 1 s candles per series (900: the last 15 minutes that traded). */
  secondCandles: number;
  /** 1 m candles per series (400: a whole session, 375 minutes). */
  minuteCandles: number;
  /**
   * Series kept at once (bounded memory however many contracts tick): to make room, the series that went longest
   * without a new second is dropped, that is a contract nobody watches any more.
   */
  maxSeries: number;
}

export const DEFAULT_CANDLE_BOOK_LIMITS: CandleBookLimits = {
  secondCandles: 900,
  minuteCandles: 400,
  maxSeries: 600,
};

interface Series {
  second: CandleRing;
  minute: CandleRing;
}

/**
 * Recent candles of every contract that ticks, per price source and view: built as the ticks arrive, so a chart
 * opened mid-session has history. Each source and view keeps its own series (a Practice Mode user's candles are
 * of the delayed prices they see, a user's own broker stream is theirs alone).
 */
export class CandleBook {
  private readonly series = new Map<string, Series>();

  constructor(private readonly limits: CandleBookLimits = DEFAULT_CANDLE_BOOK_LIMITS) {}

  /** Merges a batch of quotes of one source and view (runs on the tick path: one map read per quote). */
  record(source: PriceSourceId, view: PriceView, quotes: readonly Quote[]): void {
    for (const quote of quotes) {
      const tick = { price: quote.lastPrice, ts: quote.ts };
      const id = key(source, view, quote.symbol);
      const entry = this.entry(id);
      const before = entry.second.last()?.time;
      entry.second.add(tick);
      entry.minute.add(tick);
      // At most once a second per contract: moved to the end of the map, the newest in eviction order.
      if (entry.second.last()?.time !== before) {
        this.series.delete(id);
        this.series.set(id, entry);
      }
    }
  }

  /** Candles whose bucket starts at or after `from`, oldest first, the newest `limit` of them. */
  read(
    source: PriceSourceId,
    view: PriceView,
    symbol: string,
    interval: CandleInterval,
    from: number,
    limit: number,
  ): Candle[] {
    const entry = this.series.get(key(source, view, symbol));
    if (!entry) return [];
    return (interval === '1s' ? entry.second : entry.minute).since(from, limit);
  }

  get size(): number {
    return this.series.size;
  }

  /**
   * Adds history from before the live ticks (a recorded day read after a restart): per contract, the recorded ticks
   * older than the series' first candle come first, then the candles the live ticks built. Ticks in time order.
   */
  backfill(source: PriceSourceId, view: PriceView, ticks: readonly SymbolTick[]): void {
    const bySymbol = new Map<string, PriceTick[]>();
    for (const tick of ticks) {
      const list = bySymbol.get(tick.symbol) ?? [];
      list.push({ price: tick.price, ts: tick.time });
      bySymbol.set(tick.symbol, list);
    }
    for (const [symbol, recorded] of bySymbol) {
      const id = key(source, view, symbol);
      const live = this.series.get(id);
      const rebuilt = this.emptySeries();
      rebuilt.second = withHistory(rebuilt.second, recorded, live?.second);
      rebuilt.minute = withHistory(rebuilt.minute, recorded, live?.minute);
      if (live) this.series.set(id, rebuilt);
      else if (this.series.size < this.limits.maxSeries) {
        // Not yet ticking here: it goes first in eviction order (a live series never makes room for history).
        const rest = [...this.series];
        this.series.clear();
        this.series.set(id, rebuilt);
        for (const [otherId, other] of rest) this.series.set(otherId, other);
      }
    }
  }

  private entry(id: string): Series {
    let entry = this.series.get(id);
    if (entry) return entry;
    if (this.series.size >= this.limits.maxSeries) {
      const oldest = this.series.keys().next().value;
      if (oldest !== undefined) this.series.delete(oldest);
    }
    entry = this.emptySeries();
    this.series.set(id, entry);
    return entry;
  }

  private emptySeries(): Series {
    return {
      second: new CandleRing(CANDLE_INTERVAL_MS['1s'], this.limits.secondCandles),
      minute: new CandleRing(CANDLE_INTERVAL_MS['1m'], this.limits.minuteCandles),
    };
  }
}

/** A recorded tick of one contract (epoch ms). */
export interface SymbolTick {
  symbol: string;
  price: number;
  time: number;
}

/** `ring` filled with the ticks older than `live`'s first candle, then `live`'s candles. */
function withHistory(
  ring: CandleRing,
  recorded: readonly PriceTick[],
  live: CandleRing | undefined,
): CandleRing {
  const liveCandles = live ? live.since(0, live.capacity) : [];
  const firstLive = liveCandles[0]?.time ?? Number.POSITIVE_INFINITY;
  for (const tick of recorded) if (bucketStart(tick.ts, ring.intervalMs) < firstLive) ring.add(tick);
  for (const candle of liveCandles) ring.addCandle(candle);
  return ring;
}

const key = (source: PriceSourceId, view: PriceView, symbol: string) => `${source}\n${view}\n${symbol}`;
