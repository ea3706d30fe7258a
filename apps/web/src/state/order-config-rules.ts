import type { Instrument } from '@xtrader/core/api/instruments';
import { compareIsoDates, type IsoDate } from '@xtrader/core/market/dates';
import type { IndexName } from '@xtrader/core/market/indices';
import type { OrderConfig } from './trading-settings-types';

export type OptionSide = 'call' | 'put';

/**
 * The expiry stays when it is listed and not in the past; otherwise (empty, past, or no longer
 * listed) it becomes the first listed expiry that is not in the past. Undefined while nothing is listed.
 */
export function resolveExpiry(
  current: string,
  expiries: readonly IsoDate[],
  today: IsoDate,
): IsoDate | undefined {
  const live = expiries.filter((expiry) => compareIsoDates(expiry, today) >= 0);
  if (current && live.includes(current)) return current;
  return live[0];
}

const clearedSide = (side: OptionSide): Partial<OrderConfig> =>
  side === 'call'
    ? { callTradingSymbol: '', callIdentifier: '', callInternalToken: '' }
    : { putTradingSymbol: '', putIdentifier: '', putInternalToken: '' };

/** Changing the index clears expiry, lot size, strikes and the instruments chosen for the old index. */
export const indexChange = (index: IndexName): Partial<OrderConfig> => ({
  index,
  expiry: '',
  lotSize: null,
  callStrike: null,
  putStrike: null,
  ...clearedSide('call'),
  ...clearedSide('put'),
});

/** A new strike: its instrument is unknown until fetched, so no order can go to the previous one. */
export const strikeChange = (side: OptionSide, strike: number): Partial<OrderConfig> => ({
  ...(side === 'call' ? { callStrike: strike } : { putStrike: strike }),
  ...clearedSide(side),
});

/** The fetched instrument's tokens and lot size for one side. */
export const instrumentFetched = (side: OptionSide, instrument: Instrument): Partial<OrderConfig> => ({
  ...(side === 'call'
    ? {
        callTradingSymbol: instrument.tradingsymbol,
        callIdentifier: instrument.identifier,
        callInternalToken: instrument.internalToken,
      }
    : {
        putTradingSymbol: instrument.tradingsymbol,
        putIdentifier: instrument.identifier,
        putInternalToken: instrument.internalToken,
      }),
  lotSize: instrument.lot_size,
});

/** The strike chosen for no instrument on this expiry: the side has no instrument. */
export const instrumentMissing = (side: OptionSide): Partial<OrderConfig> => clearedSide(side);

/** True when `patch` would change nothing in `config` (avoids store writes and render loops). */
export const isNoChange = (config: OrderConfig, patch: Partial<OrderConfig>): boolean =>
  Object.entries(patch).every(([key, value]) => config[key as keyof OrderConfig] === value);
