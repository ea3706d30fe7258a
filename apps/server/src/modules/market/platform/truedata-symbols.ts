import type { InstrumentRecord } from '../../instruments/contract';

// TrueData names contracts its own way: an index by its exchange name (`NIFTY 50`, `NIFTY BANK`, `SENSEX`, the
// display names our master already uses), an option as underlying + expiry `YYMMDD` + strike + CE/PE
// (`NIFTY26032423750CE`, whatever the weekly/monthly form of the exchange's trading symbol), a future as
// underlying + `YYMON` + FUT (`NIFTY26MARFUT`).

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** TrueData's symbol of a row of the master; undefined for a row it has no name for. */
export function trueDataSymbolOf(record: InstrumentRecord): string | undefined {
  // The master's index rows carry the exchange's index name, which is TrueData's too.
  if (record.instrument_type === 'INDEX') return record.tradingsymbol;
  if (record.expiry === null) return undefined;
  const [year, month, day] = record.expiry.split('-');
  if (!year || !month || !day) return undefined;
  const yy = year.slice(2);
  if (record.instrument_type === 'FUT') return `${record.name}${yy}${MONTHS[Number(month) - 1]}FUT`;
  return `${record.name}${yy}${month}${day}${record.strike}${record.instrument_type}`;
}

/**
 * TrueData's time stamps are exchange-local (IST) without an offset (`2026-03-18T15:41:01`); epoch ms, or
 * undefined when the text is not a time.
 */
export function parseTrueDataTime(text: unknown): number | undefined {
  if (typeof text !== 'string' || text.length < 19) return undefined;
  const ms = Date.parse(`${text.slice(0, 19)}+05:30`);
  return Number.isFinite(ms) ? ms : undefined;
}
