import type { IndexName } from '@xtrader/core/market/indices';
import { generateIndexInstruments } from '../../src/modules/instruments/generate';
import { instrumentToken } from '../../src/modules/instruments/master';

const HEADER =
  'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange';

/**
 * A Kite instruments dump (its CSV format) of the indices' listed options at `now`, for a server that must trade
 * with a (fake) Kite ticker: Kite's ticker streams 32-bit instrument tokens, which the generated master's tokens are
 * not, so the contracts are renumbered from a small exchange token (instrument_token = exchange_token * 256 + 2 or
 * 5). Give the file to the server as XT_INSTRUMENTS_CSV.
 */
export function kiteInstrumentsCsv(
  now: number,
  indices: readonly IndexName[] = ['NIFTY', 'BANKNIFTY'],
): string {
  const rows = [HEADER];
  let exchangeToken = 47_000;
  for (const name of indices) {
    for (const record of generateIndexInstruments(name, { now })) {
      if (record.instrument_type !== 'CE' && record.instrument_type !== 'PE') continue;
      exchangeToken += 1;
      const segment = record.exchange === 'BFO' ? 'BFO' : 'NFO';
      const token = instrumentToken(exchangeToken, segment);
      rows.push(
        [
          token,
          exchangeToken,
          record.tradingsymbol,
          `"${record.name}"`,
          0,
          record.expiry,
          record.strike,
          record.tick_size,
          record.lot_size,
          record.instrument_type,
          `${segment}-OPT`,
          segment,
        ].join(','),
      );
    }
  }
  return `${rows.join('\n')}\n`;
}
