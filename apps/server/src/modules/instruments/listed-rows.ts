import type { IsoDate } from '@xtrader/core/market/dates';
import { type Expiry, isExpiryLive } from '@xtrader/core/market/expiry';
import { INDEX_NAMES, INDEX_TABLE, isIndexName } from '@xtrader/core/market/indices';
import { futureRow, optionRow } from './generate';
import type { MasterInstrument } from './master';

/** A contract as a broker's published master lists it, in our terms (the kit's `BrokerContract` is one). */
export interface ListedContract {
  /** Our index name (NIFTY, BANKNIFTY ...). */
  underlying: string;
  /** `YYYY-MM-DD`. */
  expiry: string;
  strike: number;
  optionType: 'CE' | 'PE' | 'FUT';
  lotSize: number;
}

export const termsOf = (c: ListedContract) =>
  `${c.underlying}|${c.expiry}|${Number(c.strike)}|${c.optionType}`;

/**
 * Master rows for the contracts brokers list: our seven indices' options and futures that have not expired at
 * `now`, once per contract whatever the number of brokers listing it, with the broker's lot size. An expiry's kind
 * (monthly: Kite's `NIFTY26DEC...` spelling, weekly: `NIFTY26D01...`) is the calendar's (`kindOf`) when it knows
 * the date, else monthly when it is the last listed expiry of its index in its calendar month; tokens are the
 * generated master's, stable across days and brokers.
 */
export function listedContractRows(
  contracts: Iterable<ListedContract>,
  now: number,
  kindOf: (name: string, date: string) => Expiry['kind'] | undefined = () => undefined,
): MasterInstrument[] {
  const unique = new Map<string, ListedContract>();
  for (const contract of contracts) {
    if (!isIndexName(contract.underlying)) continue;
    const exchange = INDEX_TABLE[contract.underlying].exchange;
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(contract.expiry) ||
      !isExpiryLive(contract.expiry as IsoDate, now, exchange)
    )
      continue;
    unique.set(termsOf(contract), contract);
  }
  // Per index and month, the last expiry: the monthly contract.
  const lastOfMonth = new Map<string, string>();
  for (const { underlying, expiry } of unique.values()) {
    const key = `${underlying}|${expiry.slice(0, 7)}`;
    const last = lastOfMonth.get(key);
    if (last === undefined || expiry > last) lastOfMonth.set(key, expiry);
  }
  const rows: MasterInstrument[] = [];
  for (const contract of unique.values()) {
    const name = contract.underlying as (typeof INDEX_NAMES)[number];
    const info = INDEX_TABLE[name];
    const date = contract.expiry as IsoDate;
    const lastInMonth = lastOfMonth.get(`${name}|${contract.expiry.slice(0, 7)}`) === contract.expiry;
    const kind = kindOf(name, date) ?? (lastInMonth ? 'monthly' : 'weekly');
    const expiry: Expiry = { date, kind, scheduledDate: date };
    const ordinal = INDEX_NAMES.indexOf(name);
    const row =
      contract.optionType === 'FUT'
        ? futureRow(info, ordinal, expiry)
        : optionRow(info, ordinal, expiry, contract.strike, contract.optionType);
    rows.push(contract.lotSize > 0 ? { ...row, lot_size: contract.lotSize } : row);
  }
  return rows;
}
