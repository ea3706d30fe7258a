import { INDEX_NAMES } from '@xtrader/core/market/indices';
import { readBoundedText } from '../live-kit/bounded-body';
import { brokerEndpoint } from '../live-kit/endpoints';
import type { BrokerContract } from '../live-kit/instrument-master';

// Rupeezy's published instrument master: one public CSV, re-published daily, with the header
// `token,exchange,symbol,instrument_name,series,expiry_date,option_type,strike_price,tick,lot_size,...,ticker,...`.
// Index options are `OPTIDX` rows (option_type CE/PE), index futures `FUTIDX` rows (option_type XX); expiry_date is
// `YYYYMMDD`, strike_price in rupees, lot_size the market lot. Only the index derivatives of our indices are kept.

export const VORTEX_MASTER_URL = 'https://static.rupeezy.in/master.csv';

const DOWNLOAD_TIMEOUT_MS = 120_000;
const SEGMENTS = new Set(['NSE_FO', 'BSE_FO']);
const INDICES = new Set<string>(INDEX_NAMES);

/** A contract's id as our orders and Vortex's rows name it: the exchange segment and its token. */
export const vortexInstrumentId = (exchange: string, token: string | number): string =>
  `${exchange}|${token}`;

/** The exchange segment and numeric token of an instrument id. */
export function vortexTokenOf(instrumentId: string): { exchange: string; token: number } {
  const [exchange = '', token = ''] = instrumentId.split('|');
  return { exchange, token: Number(token) };
}

/** One CSV line into its fields (double-quoted fields may hold commas and doubled quotes). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i] as string;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

const isoOf = (yyyymmdd: string): string | undefined => {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(yyyymmdd.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
};

/** The master's rows for the index options and futures of our indices, in our terms. */
export function parseVortexMaster(csv: string): BrokerContract[] {
  const lines = csv.split(/\r?\n/);
  const header = csvFields(lines[0] ?? '').map((name) => name.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const at = {
    token: column('token'),
    exchange: column('exchange'),
    symbol: column('symbol'),
    instrument: column('instrument_name'),
    expiry: column('expiry_date'),
    optionType: column('option_type'),
    strike: column('strike_price'),
    lotSize: column('lot_size'),
    ticker: column('ticker'),
  };
  if (Object.entries(at).some(([name, index]) => index < 0 && name !== 'ticker')) {
    throw new Error('the Rupeezy instrument master has an unexpected header');
  }
  const contracts: BrokerContract[] = [];
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const row = csvFields(line);
    const get = (index: number) => (row[index] ?? '').trim();
    const exchange = get(at.exchange).toUpperCase();
    const underlying = get(at.symbol).toUpperCase();
    const instrument = get(at.instrument).toUpperCase();
    if (!SEGMENTS.has(exchange) || !INDICES.has(underlying)) continue;
    if (instrument !== 'OPTIDX' && instrument !== 'FUTIDX') continue;
    const expiry = isoOf(get(at.expiry));
    const type = get(at.optionType).toUpperCase();
    const optionType = instrument === 'FUTIDX' ? 'FUT' : type === 'CE' || type === 'PE' ? type : undefined;
    const lotSize = Number(get(at.lotSize));
    const token = get(at.token);
    if (!expiry || !optionType || !token || !(lotSize > 0)) continue;
    const ticker = at.ticker >= 0 ? get(at.ticker) : '';
    contracts.push({
      instrumentId: vortexInstrumentId(exchange, token),
      tradingSymbol: ticker.includes(':') ? ticker.slice(ticker.indexOf(':') + 1) : ticker || underlying,
      exchange,
      underlying,
      expiry,
      strike: optionType === 'FUT' ? 0 : Number(get(at.strike)),
      optionType,
      lotSize,
    });
  }
  return contracts;
}

/** Downloads today's master from its documented URL (or the same path on the base URL). */
export async function downloadVortexMaster(baseUrl: string | undefined): Promise<BrokerContract[]> {
  const response = await fetch(brokerEndpoint(VORTEX_MASTER_URL, baseUrl), {
    signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return parseVortexMaster(await readBoundedText(response));
}
