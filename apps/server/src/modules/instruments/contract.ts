import type { Exchange } from '@xtrader/core/market/exchanges';
/** One tradable (or index) row of the instrument master. */
export interface InstrumentRecord {
  internalToken: string;
  tradingsymbol: string;
  /** Underlying index name, one of core's IndexName values (e.g. NIFTY). */
  name: string;
  /** ISO date `YYYY-MM-DD` (IST) for derivatives, null for the index itself. */
  expiry: string | null;
  strike: number;
  instrument_type: 'CE' | 'PE' | 'FUT' | 'INDEX';
  tick_size: number;
  lot_size: number;
  exchange: Exchange;
  exchange_token: string;
  /** Human label, e.g. `NIFTY 24 NOV 26000 CE`. */
  identifier: string;
  segment: string;
}

/** Read side of the instrument master that other modules use (synchronous: served from memory). */
export interface InstrumentDirectory {
  byToken(internalToken: string): InstrumentRecord | undefined;
  bySymbol(tradingsymbol: string): InstrumentRecord | undefined;
  /** True when the contract's expiry (IST market close) is before `now`. */
  isExpired(instrument: InstrumentRecord, now: number): boolean;
}
