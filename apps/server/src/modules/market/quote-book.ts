import type { MarketDepth } from '@xtrader/core/market/depth';
import { timeToExpiryYears } from '@xtrader/core/market/expiry';
import { INDEX_TABLE, isIndexName } from '@xtrader/core/market/indices';
import { roundMoney } from '@xtrader/core/orders/price-rules';
import { blackScholes } from '@xtrader/core/pricing/black-scholes';
import { impliedVolatility } from '@xtrader/core/pricing/implied-volatility';
import type { InstrumentDirectory, InstrumentRecord } from '../instruments/contract';
import type { Quote } from './contract';
import { istDayNumber } from './ist-day';
import { MARKET_RATE } from './option-model';

interface Entry {
  quote: Quote;
  /** IST day number of the session the OHLC belongs to. */
  day: number;
  /** The option this symbol is, with its underlying's quote name; null when it is not an option. */
  option: { instrument: InstrumentRecord; underlying: string } | null;
}

function setDepth(quote: Quote, depth: MarketDepth | undefined): void {
  if (depth === undefined) {
    if (quote.depth === undefined) return;
    quote.depth = undefined;
    quote.bid = undefined;
    quote.ask = undefined;
    return;
  }
  quote.depth = depth;
  quote.bid = depth.buy[0]?.price;
  quote.ask = depth.sell[0]?.price;
}

const greekDecimals = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The latest quote of every symbol in one view. Quotes are updated in place (no allocation per tick): a reader
 * may hold a Quote only as long as it wants the latest values, and copies it to keep a snapshot.
 */
export class QuoteBook {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly directory?: InstrumentDirectory) {}

  get(symbol: string): Quote | undefined {
    return this.entries.get(symbol)?.quote;
  }

  /**
   * Applies a trade price. A new IST day starts a new session: the previous last price (or the source's close)
   * becomes the close, and open/high/low restart. Options get their IV and delta from the underlying's quote in
   * this same book. The tick's depth (or none) replaces the quote's: a book is only as current as its tick.
   */
  apply(symbol: string, price: number, ts: number, close?: number, depth?: MarketDepth): Quote {
    const day = istDayNumber(ts);
    let entry = this.entries.get(symbol);
    if (!entry) {
      const quote: Quote = {
        symbol,
        lastPrice: price,
        netChange: 0,
        open: price,
        high: price,
        low: price,
        close: close ?? price,
        ts,
      };
      entry = { quote, day, option: this.optionOf(symbol) };
      this.entries.set(symbol, entry);
    } else {
      const quote = entry.quote;
      if (day !== entry.day) {
        quote.close = close ?? quote.lastPrice;
        quote.open = price;
        quote.high = price;
        quote.low = price;
        entry.day = day;
      } else {
        if (close !== undefined) quote.close = close;
        if (price > quote.high) quote.high = price;
        if (price < quote.low) quote.low = price;
      }
      quote.lastPrice = price;
      quote.ts = ts;
    }
    entry.quote.netChange = roundMoney(price - entry.quote.close);
    setDepth(entry.quote, depth);
    if (entry.option) this.updateGreeks(entry.quote, entry.option.instrument, entry.option.underlying);
    return entry.quote;
  }

  private optionOf(symbol: string): Entry['option'] {
    const instrument = this.directory?.bySymbol(symbol);
    if (!instrument || (instrument.instrument_type !== 'CE' && instrument.instrument_type !== 'PE'))
      return null;
    if (!isIndexName(instrument.name)) return null;
    return { instrument, underlying: INDEX_TABLE[instrument.name].displayName };
  }

  private updateGreeks(quote: Quote, instrument: InstrumentRecord, underlying: string): void {
    const spot = this.entries.get(underlying)?.quote.lastPrice;
    const optionType = instrument.instrument_type as 'CE' | 'PE';
    if (spot === undefined || instrument.expiry === null) return;
    const inputs = {
      optionType,
      spot,
      strike: instrument.strike,
      timeYears: timeToExpiryYears(instrument.expiry, quote.ts, instrument.exchange),
      rate: MARKET_RATE,
    };
    const iv = impliedVolatility(quote.lastPrice, inputs);
    if (iv === undefined) {
      // No volatility fits the price (at the 0.05 floor, or rounded past intrinsic): delta is the payoff's slope.
      quote.iv = undefined;
      const inTheMoney = optionType === 'CE' ? spot > instrument.strike : spot < instrument.strike;
      quote.delta = inTheMoney ? (optionType === 'CE' ? 1 : -1) : 0;
      return;
    }
    quote.iv = greekDecimals(iv);
    quote.delta = greekDecimals(blackScholes({ ...inputs, vol: iv }).delta);
  }
}
