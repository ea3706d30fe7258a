import type { OptionType } from '../market/symbols';
import { normCdf, normPdf } from './normal';

/** Inputs of a European option on a non-dividend-paying underlying. */
export interface OptionInputs {
  optionType: OptionType;
  spot: number;
  strike: number;
  /** Time to expiry in years (see `timeToExpiryYears`). */
  timeYears: number;
  /** Annualised volatility as a fraction (0.15 = 15%). */
  vol: number;
  /** Continuously compounded risk-free rate as a fraction; 0 when omitted. */
  rate?: number;
}

/**
 * Price and sensitivities. Units: delta per 1 point of spot, gamma per point squared, vega per 1.00 of vol
 * (divide by 100 for "per vol point"), theta per year (divide by 365 for "per calendar day").
 */
export interface Greeks {
  price: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
}

// At expiry or with no volatility the option is worth its discounted intrinsic value and delta is a step.
const degenerate = ({ optionType, spot, strike, timeYears, rate = 0 }: OptionInputs): Greeks => {
  const t = Math.max(timeYears, 0);
  const discountedStrike = strike * Math.exp(-rate * t);
  const callInTheMoney = spot > discountedStrike;
  if (optionType === 'CE') {
    return {
      price: Math.max(spot - discountedStrike, 0),
      delta: callInTheMoney ? 1 : 0,
      gamma: 0,
      vega: 0,
      theta: 0,
    };
  }
  const putInTheMoney = spot < discountedStrike;
  return {
    price: Math.max(discountedStrike - spot, 0),
    delta: putInTheMoney ? -1 : 0,
    gamma: 0,
    vega: 0,
    theta: 0,
  };
};

/** Black-Scholes price and greeks. */
export const blackScholes = (inputs: OptionInputs): Greeks => {
  const { optionType, spot, strike, timeYears: t, vol, rate = 0 } = inputs;
  if (!(t > 0) || !(vol > 0) || !(spot > 0) || !(strike > 0)) return degenerate(inputs);
  const sqrtT = Math.sqrt(t);
  const d1 = (Math.log(spot / strike) + (rate + 0.5 * vol * vol) * t) / (vol * sqrtT);
  const d2 = d1 - vol * sqrtT;
  const discountedStrike = strike * Math.exp(-rate * t);
  const density = normPdf(d1);
  const gamma = density / (spot * vol * sqrtT);
  const vega = spot * density * sqrtT;
  const decay = -(spot * density * vol) / (2 * sqrtT);
  if (optionType === 'CE') {
    const price = spot * normCdf(d1) - discountedStrike * normCdf(d2);
    return { price, delta: normCdf(d1), gamma, vega, theta: decay - rate * discountedStrike * normCdf(d2) };
  }
  const price = discountedStrike * normCdf(-d2) - spot * normCdf(-d1);
  return {
    price,
    delta: normCdf(d1) - 1,
    gamma,
    vega,
    theta: decay + rate * discountedStrike * normCdf(-d2),
  };
};

export const optionPrice = (inputs: OptionInputs): number => blackScholes(inputs).price;
export const optionDelta = (inputs: OptionInputs): number => blackScholes(inputs).delta;
