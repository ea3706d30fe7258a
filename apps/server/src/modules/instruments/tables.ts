import type { Exchange } from '@xtrader/core/market/exchanges';
/**
 * The instrument master: every tradable contract of the seven indices plus the indices themselves. Rebuilt as a
 * whole (generated or imported) and swapped in one transaction, so readers never see half a master.
 */
export interface InstrumentsTable {
  /** `exchange_token * 256 + segment id` (Kite's instrument_token), as text. */
  internalToken: string;
  tradingsymbol: string;
  /** Underlying index name (NIFTY, ...). */
  name: string;
  /** `YYYY-MM-DD`, null for an index. */
  expiry: string | null;
  strike: number;
  instrumentType: 'CE' | 'PE' | 'FUT' | 'INDEX';
  tickSize: number;
  lotSize: number;
  exchange: Exchange;
  exchangeToken: string;
  identifier: string;
  segment: string;
  /** Price in the daily dump (not live); 0 for generated rows. */
  lastPrice: number;
  /** Upper-cased `identifier tradingsymbol`, what the search box matches against. */
  searchText: string;
}

export interface InstrumentTables {
  instruments: InstrumentsTable;
}
