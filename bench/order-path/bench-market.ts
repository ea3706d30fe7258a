import type {
  InstrumentDirectory,
  InstrumentRecord,
} from '../../apps/server/src/modules/instruments/contract';
import type { MarketData, PriceView, Quote } from '../../apps/server/src/modules/market/contract';

/** The one contract the benchmark trades: a NIFTY call far from expiry (lot 65). */
export const BENCH_INSTRUMENT: InstrumentRecord = {
  internalToken: '900001',
  tradingsymbol: 'NIFTY99DEC26000CE',
  name: 'NIFTY',
  expiry: '2099-12-31',
  strike: 26000,
  instrument_type: 'CE',
  tick_size: 0.05,
  lot_size: 65,
  exchange: 'NFO',
  exchange_token: '900001',
  identifier: 'NIFTY 31 DEC 26000 CE',
  segment: 'NFO-OPT',
};

export const benchInstruments: InstrumentDirectory = {
  byToken: (token) => (token === BENCH_INSTRUMENT.internalToken ? BENCH_INSTRUMENT : undefined),
  bySymbol: (symbol) => (symbol === BENCH_INSTRUMENT.tradingsymbol ? BENCH_INSTRUMENT : undefined),
  isExpired: () => false,
};

/** A quote cache with one steady price in both views (no ticks: the benchmark measures the order path). */
export function steadyMarket(price: number): MarketData {
  const quote: Quote = {
    symbol: BENCH_INSTRUMENT.tradingsymbol,
    lastPrice: price,
    netChange: 0,
    open: price,
    high: price,
    low: price,
    close: price,
    ts: Date.now(),
  };
  return {
    getQuote: (symbol: string, _view: PriceView) => (symbol === quote.symbol ? quote : undefined),
    onQuotes: () => () => {},
    retain: () => {},
    release: () => {},
  };
}
