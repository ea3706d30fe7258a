import { istDateOf } from '@xtrader/core/market/dates';
import { INDEX_NAMES } from '@xtrader/core/market/indices';
import { readBoundedText } from '../live-kit/bounded-body';
import { brokerEndpoint } from '../live-kit/endpoints';
import type { BrokerContract } from '../live-kit/instrument-master';

// Fyers' symbol master: one header-less CSV per exchange segment at public.fyers.in/sym_details. Columns, in order:
// Fytoken, Symbol Details, Exchange Instrument type, Minimum lot size, Tick size, ISIN, Trading Session, Last update
// date, Expiry date (epoch seconds), Symbol ticker (`NSE:NIFTY25D0926000CE`, what orders name), Exchange (10 NSE,
// 12 BSE), Segment (11 equity derivatives), Scrip code, Underlying symbol, Underlying scrip code, Strike price, Option
// type (CE, PE, XX for a future), Underlying FyToken, and three reserved columns. Index futures are instrument type
// 11 (FUTIDX), index options 14 (OPTIDX).

export const FYERS_MASTER_URLS = [
  'https://public.fyers.in/sym_details/NSE_FO.csv',
  'https://public.fyers.in/sym_details/BSE_FO.csv',
] as const;

const COLUMN = {
  instrumentType: 2,
  lotSize: 3,
  expiry: 8,
  ticker: 9,
  underlying: 13,
  strike: 15,
  optionType: 16,
} as const;
const INDEX_FUTURE = 11;
const INDEX_OPTION = 14;
const OUR_INDICES = new Set<string>(INDEX_NAMES);

const cells = (line: string) => line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));

/** The index options and futures of our indices in one Fyers master CSV, in our terms. */
export function parseFyersMaster(csv: string): BrokerContract[] {
  const contracts: BrokerContract[] = [];
  for (const line of csv.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const row = cells(line);
    const kind = Number(row[COLUMN.instrumentType]);
    const underlying = row[COLUMN.underlying] ?? '';
    if ((kind !== INDEX_FUTURE && kind !== INDEX_OPTION) || !OUR_INDICES.has(underlying)) continue;
    const ticker = row[COLUMN.ticker] ?? '';
    const expirySeconds = Number(row[COLUMN.expiry]);
    const lotSize = Number(row[COLUMN.lotSize]);
    const option = row[COLUMN.optionType];
    const optionType = option === 'CE' || option === 'PE' ? option : option === 'XX' ? 'FUT' : undefined;
    if (!ticker.includes(':') || !(expirySeconds > 0) || !(lotSize > 0) || !optionType) continue;
    contracts.push({
      instrumentId: ticker,
      tradingSymbol: ticker,
      exchange: ticker.slice(0, ticker.indexOf(':')),
      underlying,
      // Fyers stamps an expiry with a time of that day; its IST date is the expiry date.
      expiry: istDateOf(expirySeconds * 1000),
      strike: optionType === 'FUT' ? 0 : Number(row[COLUMN.strike]) || 0,
      optionType,
      lotSize,
    });
  }
  return contracts;
}

const DOWNLOAD_TIMEOUT_MS = 60_000;

/** Downloads both F&O masters (NSE and BSE) from their documented URLs (or the same paths on the base URL). */
export async function downloadFyersMaster(baseUrl: string | undefined): Promise<BrokerContract[]> {
  const lists = await Promise.all(
    FYERS_MASTER_URLS.map(async (documented) => {
      const url = brokerEndpoint(documented, baseUrl);
      const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
      return parseFyersMaster(await readBoundedText(response));
    }),
  );
  return lists.flat();
}
