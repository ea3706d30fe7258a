import { timeToExpiryYears } from '@xtrader/core/market/expiry';
import { MIN_PRICE } from '@xtrader/core/orders/constants';
import { roundToTick } from '@xtrader/core/orders/price-rules';
import { blackScholes } from '@xtrader/core/pricing/black-scholes';
import type { InstrumentRecord } from '../instruments/contract';

/** Risk-free rate (continuously compounded) for futures' fair value and option pricing and IV. */
export const MARKET_RATE = 0.065;

// The smile in standardised moneyness z = ln(K/F) / (vol * sqrt(T)): puts below the money trade at a higher
// vol (index skew), both wings lift (convexity). Clamped so far wings stay sane.
const SKEW = -0.06;
const CONVEXITY = 0.015;
const MIN_SMILE_FACTOR = 0.6;
const MAX_SMILE_FACTOR = 2.5;
/** Floor on time when standardising moneyness, so the smile does not explode in the last minutes. */
const MIN_SMILE_YEARS = 1 / (365 * 24);

/** Implied volatility of a strike, from the index's at-the-money volatility. */
function smileVol(atmVol: number, forward: number, strike: number, timeYears: number): number {
  const z = Math.log(strike / forward) / (atmVol * Math.sqrt(Math.max(timeYears, MIN_SMILE_YEARS)));
  const factor = 1 + SKEW * z + CONVEXITY * z * z;
  return atmVol * Math.min(MAX_SMILE_FACTOR, Math.max(MIN_SMILE_FACTOR, factor));
}

const futurePrice = (spot: number, timeYears: number): number => spot * Math.exp(MARKET_RATE * timeYears);

/** A tradable's price on the 0.05 grid, never below 0.05. */
export const toTradablePrice = (price: number): number => Math.max(MIN_PRICE, roundToTick(price));

export interface ModelPrice {
  /** Unrounded model value. */
  value: number;
  /** Options only. */
  vol?: number;
  delta?: number;
}

/** Fair value of an index derivative at `now`: futures at cost of carry, options by Black-Scholes on the smile. */
export function modelPrice(
  instrument: InstrumentRecord,
  spot: number,
  atmVol: number,
  now: number,
): ModelPrice {
  if (instrument.expiry === null || instrument.instrument_type === 'INDEX') return { value: spot };
  const timeYears = timeToExpiryYears(instrument.expiry, now, instrument.exchange);
  if (instrument.instrument_type === 'FUT') return { value: futurePrice(spot, timeYears) };
  const vol = smileVol(atmVol, futurePrice(spot, timeYears), instrument.strike, timeYears);
  const greeks = blackScholes({
    optionType: instrument.instrument_type,
    spot,
    strike: instrument.strike,
    timeYears,
    vol,
    rate: MARKET_RATE,
  });
  return { value: greeks.price, vol, delta: greeks.delta };
}
