import { optionPrice } from '../pricing/black-scholes';

/**
 * A SPAN-style margin estimate for index options and futures, after NSE Clearing's published method (sources in
 * docs/paper-broker.md). The paper exchange has no exchange risk-parameter file, so it revalues the portfolio
 * itself with the option model:
 *
 * - price scan range (PSR) = 6 standard deviations of a day's move scaled up by sqrt(2), at least 9.3% of the
 *   underlying (the index-derivatives parameter); the day's deviation is the annual volatility / sqrt(252);
 * - volatility scan range = 25% of the annual volatility, at least 4 volatility points;
 * - 16 scenarios: the underlying unchanged, up and down 1/3, 2/3 and 3/3 of the PSR, each with volatility up and
 *   down, plus two extreme moves of twice the PSR of which 35% counts;
 * - scan risk = the worst loss of the portfolio over the scenarios (never below 0); the SPAN requirement is the
 *   scan risk less the net option value (long value - short value), so a short pays its premium's worth on top;
 * - exposure margin = 2% of the notional (underlying x quantity) of each short option and future, and on an
 *   option's expiry day another 2% on short options (SEBI, from 2024-11-20);
 * - a portfolio of options whose loss at expiry is bounded (spreads) never blocks more than that worst loss at
 *   expiry: it is what the position can cost, whatever the scenarios say.
 *
 * Legs of one group share an underlying and an expiry (a hedge across expiries gets no benefit here).
 * All amounts are rupees; callers round (margin.ts rounds up to whole paise).
 */

export const MIN_PRICE_SCAN_RATE = 0.093;
export const PRICE_SCAN_SIGMAS = 6 * Math.SQRT2;
export const VOLATILITY_SCAN_SHARE = 0.25;
export const MIN_VOLATILITY_SCAN = 0.04;
export const EXTREME_MOVE_MULTIPLE = 2;
export const EXTREME_MOVE_COVER = 0.35;
export const EXPOSURE_RATE = 0.02;
export const EXPIRY_DAY_EXTRA_EXPOSURE_RATE = 0.02;
/** Annual volatility assumed for an index option when the market gives none. */
export const DEFAULT_INDEX_VOLATILITY = 0.15;
const TRADING_DAYS_A_YEAR = 252;

export type SpanContract = 'CE' | 'PE' | 'FUT';

/** One leg: a contract and its signed quantity (negative = short) at its current price (premium or future). */
export interface SpanLeg {
  kind: SpanContract;
  /** Option strike (ignored for futures). */
  strike: number;
  quantity: number;
  price: number;
}

/** The market the legs are revalued in. */
export interface SpanMarket {
  spot: number;
  /** Time to the group's expiry in years. */
  timeYears: number;
  /** Annual volatility (0.15 = 15%); DEFAULT_INDEX_VOLATILITY when unknown. */
  vol?: number;
  /** True on the expiry day of the group's contracts (the extra exposure margin on short options). */
  expiryDay?: boolean;
}

export const priceScanRate = (vol: number): number =>
  Math.max(MIN_PRICE_SCAN_RATE, (PRICE_SCAN_SIGMAS * vol) / Math.sqrt(TRADING_DAYS_A_YEAR));

export const volatilityScan = (vol: number): number =>
  Math.max(MIN_VOLATILITY_SCAN, VOLATILITY_SCAN_SHARE * vol);

interface Scenario {
  move: number;
  volShift: number;
  weight: number;
}

function scenarios(vol: number): Scenario[] {
  const vsr = volatilityScan(vol);
  const list: Scenario[] = [];
  for (const step of [0, 1 / 3, -1 / 3, 2 / 3, -2 / 3, 1, -1]) {
    for (const volShift of [vsr, -vsr]) list.push({ move: step, volShift, weight: 1 });
  }
  list.push({ move: EXTREME_MOVE_MULTIPLE, volShift: 0, weight: EXTREME_MOVE_COVER });
  list.push({ move: -EXTREME_MOVE_MULTIPLE, volShift: 0, weight: EXTREME_MOVE_COVER });
  return list;
}

/** Value of one unit of the leg's contract in a scenario: the option model, or the future moved with the index. */
function scenarioValue(leg: SpanLeg, market: SpanMarket, spot: number, vol: number): number {
  if (leg.kind === 'FUT') return (leg.price * spot) / market.spot;
  return optionPrice({
    optionType: leg.kind,
    spot,
    strike: leg.strike,
    timeYears: market.timeYears,
    vol: Math.max(vol, 0.01),
  });
}

/**
 * Worst weighted loss of the legs over the scenarios (>= 0). Losses count from each leg's current price, so a long
 * can never lose more than it is worth, whatever the model thinks of its price.
 */
export function scanRisk(legs: readonly SpanLeg[], market: SpanMarket): number {
  const vol = market.vol && market.vol > 0 ? market.vol : DEFAULT_INDEX_VOLATILITY;
  const psr = priceScanRate(vol) * market.spot;
  let worst = 0;
  for (const s of scenarios(vol)) {
    const spot = Math.max(0.01, market.spot + s.move * psr);
    let loss = 0;
    for (const leg of legs)
      loss += leg.quantity * (leg.price - scenarioValue(leg, market, spot, vol + s.volShift));
    worst = Math.max(worst, loss * s.weight);
  }
  return worst;
}

/** Long option value less short option value at the legs' current prices (futures carry none). */
export const netOptionValue = (legs: readonly SpanLeg[]): number =>
  legs.reduce((sum, leg) => sum + (leg.kind === 'FUT' ? 0 : leg.quantity * leg.price), 0);

/** Exposure margin: 2% of the notional of each short option and each future (+2% on shorts on expiry day). */
export function exposureMargin(legs: readonly SpanLeg[], market: SpanMarket): number {
  let sum = 0;
  for (const leg of legs) {
    const units = Math.abs(leg.quantity);
    if (leg.kind === 'FUT') sum += EXPOSURE_RATE * leg.price * units;
    else if (leg.quantity < 0) {
      const rate = EXPOSURE_RATE + (market.expiryDay ? EXPIRY_DAY_EXTRA_EXPOSURE_RATE : 0);
      sum += rate * market.spot * units;
    }
  }
  return sum;
}

const payoffAt = (leg: SpanLeg, spot: number): number => {
  if (leg.kind === 'FUT') return spot - leg.price;
  return leg.kind === 'CE' ? Math.max(0, spot - leg.strike) : Math.max(0, leg.strike - spot);
};

/**
 * The most the legs can pay out at expiry, net of what the longs pay back (>= 0), or undefined when unbounded
 * (more short calls or futures than long ones above the top strike). The payoff is piecewise linear, so its
 * minimum is at 0, at a strike, or beyond the top strike.
 */
export function worstExpiryPayout(legs: readonly SpanLeg[]): number | undefined {
  const slopeAbove = legs.reduce((s, leg) => s + (leg.kind === 'PE' ? 0 : leg.quantity), 0);
  if (slopeAbove < 0) return undefined;
  if (legs.some((leg) => leg.kind === 'FUT')) return undefined;
  const points = [0, ...legs.map((leg) => leg.strike)];
  let worst = 0;
  for (const spot of points) {
    const value = legs.reduce((s, leg) => s + leg.quantity * payoffAt(leg, spot), 0);
    worst = Math.max(worst, -value);
  }
  return worst;
}

/** Margin the group blocks beyond what its long options cost (they are paid for in full): SPAN + exposure. */
export function spanMargin(legs: readonly SpanLeg[], market: SpanMarket): number {
  const live = legs.filter((leg) => leg.quantity !== 0);
  if (!live.some((leg) => leg.quantity < 0 || leg.kind === 'FUT')) return 0;
  let span = Math.max(0, scanRisk(live, market) - netOptionValue(live));
  const bounded = worstExpiryPayout(live);
  if (bounded !== undefined) span = Math.min(span, bounded);
  return span + exposureMargin(live, market);
}
