import type { LtpTick } from '@xtrader/core/api/live';

/** The latest price of one symbol as the client keeps it. */
export type LiveQuote = {
  symbol: string;
  lastPrice: number;
  netChange: number;
  /** Previous session's close. */
  close: number;
  /**
   * Best bid and offer when the source quotes a book (null: nobody on that side); undefined for indices and
   * sources without depth.
   */
  bid?: number | null;
  ask?: number | null;
  /** When the price happened (epoch ms). */
  ts: number;
};

type Listener = () => void;

/**
 * The client-side map of live quotes by symbol. Each tick replaces that symbol's quote object, so a
 * `useSyncExternalStore` snapshot changes exactly when its symbol does; listeners are per symbol (a component
 * re-renders only for its own symbol) or for any change (periodic P&L), and are called once per frame.
 */
export class PriceStore {
  private readonly quotes = new Map<string, LiveQuote>();
  private readonly symbolListeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();

  get(symbol: string): LiveQuote | undefined {
    return this.quotes.get(symbol);
  }

  /** Applies one frame of ticks; stale ticks (older than the quote held) are ignored. */
  apply(ticks: readonly LtpTick[]): void {
    const changed = new Set<string>();
    for (const tick of ticks) {
      const held = this.quotes.get(tick.symbol);
      if (held && held.ts > tick.ts) continue;
      this.quotes.set(tick.symbol, {
        symbol: tick.symbol,
        lastPrice: tick.LastPrice,
        netChange: tick.NetChange,
        close: tick.OHLC.close,
        // A quote without a book has neither (instrument_data sends both as null).
        ...(tick.Bid == null && tick.Ask == null ? {} : { bid: tick.Bid ?? null, ask: tick.Ask ?? null }),
        ts: tick.ts,
      });
      changed.add(tick.symbol);
    }
    if (changed.size === 0) return;
    for (const symbol of changed) for (const listener of this.symbolListeners.get(symbol) ?? []) listener();
    for (const listener of this.anyListeners) listener();
  }

  subscribe(symbol: string, listener: Listener): () => void {
    let listeners = this.symbolListeners.get(symbol);
    if (!listeners) {
      listeners = new Set();
      this.symbolListeners.set(symbol, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.symbolListeners.delete(symbol);
    };
  }

  subscribeAll(listener: Listener): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  /** Forgets every price (logout: the next user must not see the last one's view). */
  clear(): void {
    const symbols = [...this.quotes.keys()];
    this.quotes.clear();
    for (const symbol of symbols) for (const listener of this.symbolListeners.get(symbol) ?? []) listener();
    for (const listener of this.anyListeners) listener();
  }
}
