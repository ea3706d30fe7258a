import type { DepthLevel, MarketDepth } from '@xtrader/core/market/depth';
import { timeToExpiryYears } from '@xtrader/core/market/expiry';
import { TICK_SIZE } from '@xtrader/core/orders/constants';
import type { InstrumentRecord } from '../instruments/contract';
import type { Random } from './rng';

// The simulator's order book: five levels each side around the model's fair value, on the 0.05 grid, sizes in
// whole lots. The shape follows what an index option book looks like: the at-the-money strikes of a liquid
// index quote one or two ticks wide and deep; the spread widens (and the size thins) for far strikes, in the
// last day before expiry and when the index moves fast.

export const DEPTH_LEVELS = 5;

/** Spread as a fraction of the fair value before widening (an ATM option at 150 quotes about 0.10 wide). */
const OPTION_SPREAD_FRACTION = 0.0005;
/** Futures quote a few ticks wide on a 26,000 contract. */
const FUTURE_SPREAD_FRACTION = 0.00001;
/** Wider per standard deviation of moneyness (capped at 6): the far wings trade thinly. */
const FAR_WIDENING = 0.35;
const MAX_FAR_SIGMAS = 6;
/** Up to this much wider as the last day before expiry runs out. */
const EXPIRY_WIDENING = 1.5;
const DAY_YEARS = 1 / 365;
/** However wide the conditions, a cheap option quotes at most this fraction of its price wide (one tick at least). */
const MAX_SPREAD_FRACTION = 0.1;
/** Lots at the best level of a liquid contract, before thinning. */
const TOP_LOTS = 30;
/** Floor on time when standardising moneyness, so a strike at expiry is not infinitely far. */
const MIN_YEARS = 1 / (365 * 24);

export interface DepthInputs {
  instrument: InstrumentRecord;
  /** Unrounded model value. */
  fair: number;
  spot: number;
  atmVol: number;
  now: number;
  /** 1 in a calm market; above 1 when the index moves faster than its volatility says (the spread scales). */
  speed: number;
}

/** How many times wider than at the money: strikes far from the forward, and the last day before expiry. */
export function spreadWidening(inputs: Omit<DepthInputs, 'fair'>): { far: number; expiry: number } {
  const { instrument, spot, atmVol, now } = inputs;
  if (instrument.expiry === null) return { far: 1, expiry: 1 };
  const years = Math.max(0, timeToExpiryYears(instrument.expiry, now, instrument.exchange));
  const expiry = 1 + EXPIRY_WIDENING * Math.max(0, 1 - years / DAY_YEARS);
  if (instrument.instrument_type === 'FUT') return { far: 1, expiry };
  const sigmas =
    Math.abs(Math.log(instrument.strike / spot)) / (atmVol * Math.sqrt(Math.max(years, MIN_YEARS)));
  return { far: 1 + FAR_WIDENING * Math.min(sigmas, MAX_FAR_SIGMAS), expiry };
}

/** Spread in ticks (at least one) of a contract at `fair`. */
export function spreadTicks(
  inputs: DepthInputs,
  widening: { far: number; expiry: number } = spreadWidening(inputs),
): number {
  const fraction =
    inputs.instrument.instrument_type === 'FUT' ? FUTURE_SPREAD_FRACTION : OPTION_SPREAD_FRACTION;
  const { far, expiry } = widening;
  const fairTicks = inputs.fair / TICK_SIZE;
  const widened = Math.max(1, fairTicks * fraction) * far * expiry * Math.max(1, inputs.speed);
  return Math.max(1, Math.round(Math.min(widened, fairTicks * MAX_SPREAD_FRACTION)));
}

const ticksToPrice = (ticks: number): number => Math.round(ticks * 5) / 100;

/**
 * A fresh book around `fair` (a new object each call: the delay line and the quote cache keep it). The last
 * price, `fair` on the grid, lies between the best bid and offer. A side below the minimum price is cut (a
 * worthless option has offers but few bids).
 */
export function simulatedDepth(inputs: DepthInputs, random: Random): MarketDepth {
  const widening = spreadWidening(inputs);
  const spread = spreadTicks(inputs, widening);
  const fairTicks = inputs.fair / TICK_SIZE;
  const bidTicks = Math.max(1, Math.floor(fairTicks - spread / 2 + 1e-9));
  const askTicks = Math.max(bidTicks + spread, Math.round(fairTicks));
  const step = Math.max(1, Math.floor(spread / 2));
  const { far } = widening;
  const topLots = Math.max(1, TOP_LOTS / (far * far * Math.max(1, inputs.speed)));
  const lot = Math.max(1, inputs.instrument.lot_size);
  const level = (ticks: number, i: number): DepthLevel => {
    const lots = Math.max(1, Math.round(topLots * (1 + 0.6 * i) * (0.5 + random.next())));
    return { price: ticksToPrice(ticks), quantity: lots * lot, orders: Math.max(1, Math.round(lots / 3)) };
  };
  const buy: DepthLevel[] = [];
  const sell: DepthLevel[] = [];
  for (let i = 0; i < DEPTH_LEVELS; i++) {
    const bid = bidTicks - i * step;
    if (bid >= 1) buy.push(level(bid, i));
    sell.push(level(askTicks + i * step, i));
  }
  return { buy, sell };
}
