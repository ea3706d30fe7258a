import { istDateOf } from '@xtrader/core/market/dates';
import type { DerivativesExchange } from '@xtrader/core/market/exchanges';
import type { InstrumentDirectory, InstrumentRecord } from '../../instruments/contract';

function option(
  name: string,
  symbol: string,
  token: string,
  lotSize: number,
  exchange: DerivativesExchange,
  expiry: string,
): InstrumentRecord {
  const type = symbol.endsWith('CE') ? 'CE' : 'PE';
  const strike = Number(symbol.slice(-7, -2));
  return {
    internalToken: token,
    tradingsymbol: symbol,
    name,
    expiry,
    strike,
    instrument_type: type,
    tick_size: 0.05,
    lot_size: lotSize,
    exchange,
    exchange_token: token,
    identifier: `${name} ${expiry} ${strike} ${type}`,
    segment: `${exchange}-OPT`,
  };
}

/** A handful of contracts (lot sizes of the core index table); one expired. */
export const TEST_INSTRUMENTS = {
  niftyCall: option('NIFTY', 'NIFTY26D0126000CE', '1001', 65, 'NFO', '2026-12-01'),
  niftyPut: option('NIFTY', 'NIFTY26D0126000PE', '1002', 65, 'NFO', '2026-12-01'),
  bankCall: option('BANKNIFTY', 'BANKNIFTY26DEC59000CE', '2001', 30, 'NFO', '2026-12-29'),
  sensexPut: option('SENSEX', 'SENSEX26D0385000PE', '3001', 20, 'BFO', '2026-12-03'),
  expiredCall: option('NIFTY', 'NIFTY26N1726000CE', '1999', 65, 'NFO', '2026-11-17'),
} as const;

/** The directory over TEST_INSTRUMENTS; expiry is read against the IST date of `now`. */
export function createTestInstruments(): InstrumentDirectory {
  const all = Object.values(TEST_INSTRUMENTS);
  return {
    byToken: (token) => all.find((i) => i.internalToken === token),
    bySymbol: (symbol) => all.find((i) => i.tradingsymbol === symbol),
    isExpired: (instrument, now) => instrument.expiry !== null && instrument.expiry < istDateOf(now),
  };
}
