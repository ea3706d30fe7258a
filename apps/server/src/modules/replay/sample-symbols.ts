import { nearestExpiry } from '@xtrader/core/market/expiry';
import { INDEX_TABLE, type IndexName, indexByDisplayName } from '@xtrader/core/market/indices';
import { atmStrike, type OptionType, optionSymbol } from '@xtrader/core/market/symbols';
import type { RecordedTick } from '../market/replay';

/** The indices of the shipped sample day, each with its ATM +-5 strikes. */
export const SAMPLE_INDICES: readonly IndexName[] = ['NIFTY', 'BANKNIFTY'];
export const SAMPLE_STRIKES_EACH_SIDE = 5;

/** How the sample names an option: by its strike's distance from the day's opening ATM, e.g. `NIFTY ATM+2 CE`. */
export const relativeOptionName = (name: string, offset: number, optionType: OptionType): string =>
  `${name} ATM${offset === 0 ? '' : offset > 0 ? `+${offset}` : offset} ${optionType}`;

const RELATIVE = /^([A-Z]+) ATM([+-]\d+)? (CE|PE)$/;

/**
 * Attaches the sample's relative option names to listed contracts: the strike at the same distance from the
 * sample's opening ATM, of the index's nearest expiry at `now` (the sample day's own contracts have long expired
 * and left the master). Index ticks keep their names.
 */
export function resolveSampleSymbols(ticks: readonly RecordedTick[], now: number): RecordedTick[] {
  const openingAtm = new Map<string, number>();
  for (const tick of ticks) {
    const index = indexByDisplayName(tick.symbol);
    if (index && !openingAtm.has(index.name))
      openingAtm.set(index.name, atmStrike(tick.price, index.strikeStep));
  }
  const resolved = new Map<string, string>();
  const resolve = (symbol: string): string => {
    const known = resolved.get(symbol);
    if (known) return known;
    const match = RELATIVE.exec(symbol);
    const name = match?.[1] as IndexName | undefined;
    const atm = name ? openingAtm.get(name) : undefined;
    let result = symbol;
    if (match && name && atm !== undefined && name in INDEX_TABLE) {
      const strike = atm + Number(match[2] ?? 0) * INDEX_TABLE[name].strikeStep;
      const expiry = nearestExpiry(name, now);
      result = optionSymbol({ name, expiry, strike, optionType: match[3] as OptionType });
    }
    resolved.set(symbol, result);
    return result;
  };
  return ticks.map((tick) => ({ ...tick, symbol: resolve(tick.symbol) }));
}
