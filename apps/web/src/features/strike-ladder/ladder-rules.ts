// Pure rules of the strike ladder: which strikes it shows around the spot, and where a step key moves a strike.

/** The listed strike nearest the spot (the higher one on a tie); undefined without strikes or spot. */
export function nearestStrike(strikes: readonly number[], spot: number | undefined): number | undefined {
  if (spot === undefined || !Number.isFinite(spot) || strikes.length === 0) return undefined;
  let best = strikes[0]!;
  for (const strike of strikes) if (Math.abs(strike - spot) <= Math.abs(best - spot)) best = strike;
  return best;
}

/**
 * Up to `eachSide` listed strikes each side of `centre` and `centre` itself, ascending. Centred on the spot's ATM it
 * follows the market; before the first spot tick it centres on the chosen strike so the ladder is never empty.
 */
export function strikeWindow(
  strikes: readonly number[],
  centre: number | undefined,
  eachSide: number,
): number[] {
  if (centre === undefined) return [];
  const at = strikes.indexOf(centre);
  if (at < 0) return [];
  return strikes.slice(Math.max(0, at - eachSide), at + eachSide + 1);
}

/**
 * The listed strike one step from `current` (up = higher). A strike that is not listed moves to the nearest listed
 * one on that side; at either end of the list it stays (undefined: nothing to do).
 */
export function steppedStrike(
  strikes: readonly number[],
  current: number | null,
  direction: 'up' | 'down',
): number | undefined {
  if (current === null || strikes.length === 0) return undefined;
  const next =
    direction === 'up'
      ? strikes.find((strike) => strike > current)
      : [...strikes].reverse().find((strike) => strike < current);
  return next;
}
