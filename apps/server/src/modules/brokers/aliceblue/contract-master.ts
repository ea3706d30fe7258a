import { INDEX_NAMES } from '@xtrader/core/market/indices';
import { readBoundedText } from '../live-kit/bounded-body';
import { brokerEndpoint } from '../live-kit/endpoints';
import type { BrokerContract } from '../live-kit/instrument-master';
import { ALICEBLUE_ENDPOINTS } from './aliceblue-api';

// AliceBlue's daily contract master: one public CSV per segment (NFO, BFO) with the header
// `Exch, Exchange Segment, Symbol, Token, Instrument Type, Option Type, Strike Price, Instrument Name,
// Formatted Ins Name, Trading Symbol, Expiry Date, Lot Size, Tick Size` (column order differs between files, so
// columns are read by name). `Token` is the `instrumentId` orders carry; `Exch` the order's `exchange`.

const INDICES = new Set<string>(INDEX_NAMES);
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const TIMEOUT_MS = 30_000;

/** One CSV line into cells (double quotes group a cell that holds commas). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The expiry as `YYYY-MM-DD`: ISO (with or without a time), `DD-MM-YYYY`, or `DD-MMM-YYYY`. */
export function isoExpiry(value: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d{1,2})[-/ ](\d{1,2})[-/ ](\d{4})/.exec(value);
  if (dmy) return `${dmy[3]}-${pad(Number(dmy[2]))}-${pad(Number(dmy[1]))}`;
  const named = /^(\d{1,2})[-/ ]([A-Za-z]{3})[-/ ](\d{4})/.exec(value);
  const month = named ? MONTHS.indexOf((named[2] as string).toUpperCase()) : -1;
  if (named && month >= 0) return `${named[3]}-${pad(month + 1)}-${pad(Number(named[1]))}`;
  return undefined;
}

/** The index options and futures of our seven indices in one contract-master CSV, in our terms. */
export function parseContractMaster(csv: string): BrokerContract[] {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = cellsOf(lines[0] ?? '').map((name) => name.toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const at = {
    exch: column('exch'),
    symbol: column('symbol'),
    token: column('token'),
    instrumentType: column('instrument type'),
    optionType: column('option type'),
    strike: column('strike price'),
    tradingSymbol: column('trading symbol'),
    expiry: column('expiry date'),
    lotSize: column('lot size'),
  };
  if (Object.values(at).some((index) => index < 0)) {
    throw new Error(`unexpected contract master header: ${lines[0] ?? '(empty)'}`);
  }
  const contracts: BrokerContract[] = [];
  for (const line of lines.slice(1)) {
    const cells = cellsOf(line);
    const get = (index: number) => cells[index] ?? '';
    const underlying = get(at.symbol).toUpperCase();
    if (!INDICES.has(underlying)) continue;
    const option = get(at.optionType).toUpperCase();
    const future = /FUT|^IF$/i.test(get(at.instrumentType));
    const optionType = option === 'CE' || option === 'PE' ? option : future ? 'FUT' : undefined;
    const expiry = isoExpiry(get(at.expiry));
    const instrumentId = String(Number.parseInt(get(at.token), 10));
    const lotSize = Number(get(at.lotSize));
    if (!optionType || !expiry || instrumentId === 'NaN' || !(lotSize > 0)) continue;
    contracts.push({
      instrumentId,
      tradingSymbol: get(at.tradingSymbol),
      exchange: get(at.exch).toUpperCase(),
      underlying,
      expiry,
      strike: optionType === 'FUT' ? 0 : Number(get(at.strike)) || 0,
      optionType,
      lotSize,
    });
  }
  return contracts;
}

/** Downloads today's NFO and BFO contract masters and keeps our indices' options and futures. */
export async function downloadContractMaster(baseUrl: string | undefined): Promise<BrokerContract[]> {
  const all: BrokerContract[] = [];
  for (const exchange of ['NFO', 'BFO'] as const) {
    const url = brokerEndpoint(ALICEBLUE_ENDPOINTS.contractMaster(exchange), baseUrl);
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${exchange} contract master: HTTP ${response.status}`);
    all.push(...parseContractMaster(await readBoundedText(response)));
  }
  return all;
}
