import type { InstrumentData } from '@xtrader/core/api/live';
import type { InstrumentRecord } from '../modules/instruments/contract';
import type { Quote } from '../modules/market/contract';

/** One `instrument_data` element: the full quote, the contract, and whose prices these are. */
export function instrumentData(
  quote: Quote,
  instrument: InstrumentRecord | undefined,
  source: InstrumentData['source'],
): InstrumentData {
  return {
    symbol: quote.symbol,
    LastPrice: quote.lastPrice,
    NetChange: quote.netChange,
    OHLC: { open: quote.open, high: quote.high, low: quote.low, close: quote.close },
    iv: quote.iv ?? null,
    delta: quote.delta ?? null,
    Bid: quote.depth ? (quote.bid ?? null) : null,
    Ask: quote.depth ? (quote.ask ?? null) : null,
    depth: quote.depth ? { buy: [...quote.depth.buy], sell: [...quote.depth.sell] } : null,
    ts: quote.ts,
    source,
    exchange: instrument?.exchange ?? null,
    instrumentType: instrument?.instrument_type ?? null,
    expiry: instrument?.expiry ?? null,
    strike: instrument && instrument.instrument_type !== 'INDEX' ? instrument.strike : null,
    lotSize: instrument?.lot_size ?? null,
    tickSize: instrument?.tick_size ?? null,
  };
}

export const instrumentDataFrame = (data: readonly InstrumentData[]): string =>
  JSON.stringify({ channel: 'instrument_data', data });
