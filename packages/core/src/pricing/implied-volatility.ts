import { blackScholes, type OptionInputs } from './black-scholes';

export type ImpliedVolInputs = Omit<OptionInputs, 'vol'>;

const MIN_VOL = 1e-6;
const MAX_VOL = 10;
const MAX_ITERATIONS = 100;

/** Arbitrage bounds of a European option price: below the lower one or above the upper one no vol fits. */
export const priceBounds = ({ optionType, spot, strike, timeYears, rate = 0 }: ImpliedVolInputs) => {
  const discountedStrike = strike * Math.exp(-rate * Math.max(timeYears, 0));
  return optionType === 'CE'
    ? { lower: Math.max(spot - discountedStrike, 0), upper: spot }
    : { lower: Math.max(discountedStrike - spot, 0), upper: discountedStrike };
};

/**
 * The volatility at which Black-Scholes gives `price`, or undefined when there is none (price outside the
 * arbitrage bounds, expired option, non-finite input). Newton steps from a Brenner-Subrahmanyam start, kept inside
 * a shrinking bracket; whenever a step leaves the bracket or vega vanishes, bisection takes over for that step.
 */
export const impliedVolatility = (price: number, inputs: ImpliedVolInputs): number | undefined => {
  const { spot, strike, timeYears } = inputs;
  if (![price, spot, strike, timeYears].every(Number.isFinite)) return undefined;
  if (!(timeYears > 0) || !(spot > 0) || !(strike > 0)) return undefined;
  const { lower, upper } = priceBounds(inputs);
  if (!(price > lower) || !(price < upper)) return undefined;
  const priceAt = (vol: number) => blackScholes({ ...inputs, vol });
  if (price < priceAt(MIN_VOL).price || price > priceAt(MAX_VOL).price) return undefined;

  const tolerance = 1e-12 * Math.max(1, price);
  let low = MIN_VOL;
  let high = MAX_VOL;
  let vol = Math.min(Math.max(Math.sqrt((2 * Math.PI) / timeYears) * (price / spot), 0.01), 3);
  for (let i = 0; i < MAX_ITERATIONS; i += 1) {
    const { price: modelPrice, vega } = priceAt(vol);
    const error = modelPrice - price;
    if (Math.abs(error) <= tolerance) return vol;
    // Price rises with vol, so the sign of the error says which side of the root we are on.
    if (error > 0) high = vol;
    else low = vol;
    const newton = vega > 1e-12 ? vol - error / vega : Number.NaN;
    vol = newton > low && newton < high ? newton : (low + high) / 2;
    if (high - low < 1e-15) return vol;
  }
  return Math.abs(priceAt(vol).price - price) <= 1e-8 * Math.max(1, price) ? vol : undefined;
};
