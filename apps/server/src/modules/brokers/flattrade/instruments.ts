import { INDEX_NAMES } from '@xtrader/core/market/indices';
import { readBoundedText } from '../live-kit/bounded-body';
import { brokerEndpoint } from '../live-kit/endpoints';
import type { BrokerContract } from '../live-kit/instrument-master';

// Flattrade publishes its scrip master as CSV files on its S3 bucket, one per segment; the index derivatives of
// NSE and BSE are two of them. Columns are read by their header names (Exchange, Token, Lotsize, Symbol,
// Tradingsymbol, Expiry `DD-MON-YYYY`, Instrument OPTIDX|FUTIDX, Optiontype CE|PE|XX, Strike).

export const FLATTRADE_MASTER_URLS = [
  'https://flattrade.s3.ap-south-1.amazonaws.com/scripmaster/Nfo_Index_Derivatives.csv',
  'https://flattrade.s3.ap-south-1.amazonaws.com/scripmaster/Bfo_Index_Derivatives.csv',
] as const;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const OUR_INDICES = new Set<string>(INDEX_NAMES);

/** BSE's own contract names in the Symbol column, where it does not carry the index's name. */
const BSE_ALIASES: Record<string, string> = {
  BSXOPT: 'SENSEX',
  BSXFUT: 'SENSEX',
  BKXOPT: 'BANKEX',
  BKXFUT: 'BANKEX',
};

/** `24-NOV-2026` (any case) as `2026-11-24`; undefined when unreadable. */
export function isoOfFlattradeExpiry(text: string): string | undefined {
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const month = MONTHS.indexOf((match[2] as string).toUpperCase()) + 1;
  if (month === 0) return undefined;
  return `${match[3]}-${String(month).padStart(2, '0')}-${(match[1] as string).padStart(2, '0')}`;
}

/** Our index name of a row: its Symbol, a BSE alias, or the trading symbol's leading letters. */
function underlyingOf(symbol: string, tradingSymbol: string): string | undefined {
  const name = BSE_ALIASES[symbol] ?? symbol;
  if (OUR_INDICES.has(name)) return name;
  // The letters before the expiry's digits name the underlying exactly (NIFTYIT is not NIFTY).
  const lead = /^[A-Z]+/.exec(tradingSymbol)?.[0] ?? '';
  return OUR_INDICES.has(lead) ? lead : undefined;
}

/** Splits one CSV line (the files quote nothing, but a quoted cell is read whole). */
const cellsOf = (line: string): string[] =>
  (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).map((cell) =>
    cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"').trim(),
  );

/** The index options and futures of our seven indices in one of Flattrade's scrip-master files. */
export function parseFlattradeMaster(csv: string): BrokerContract[] {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = cellsOf(lines[0] ?? '').map((name) => name.toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const at = {
    exchange: column('exchange'),
    token: column('token'),
    lotSize: column('lotsize'),
    symbol: column('symbol'),
    tradingSymbol: column('tradingsymbol'),
    expiry: column('expiry'),
    instrument: column('instrument'),
    optionType: column('optiontype'),
    strike: column('strike'),
  };
  if (Object.values(at).some((index) => index < 0)) {
    throw new Error(`unexpected scrip-master columns: ${header.join(',')}`);
  }
  return lines.slice(1).flatMap((line): BrokerContract[] => {
    const cell = cellsOf(line);
    const read = (index: number) => cell[index] ?? '';
    const instrument = read(at.instrument).toUpperCase();
    if (instrument !== 'OPTIDX' && instrument !== 'FUTIDX') return [];
    const tradingSymbol = read(at.tradingSymbol);
    const underlying = underlyingOf(read(at.symbol).toUpperCase(), tradingSymbol);
    const expiry = isoOfFlattradeExpiry(read(at.expiry));
    const type = read(at.optionType).toUpperCase();
    const optionType = instrument === 'FUTIDX' ? 'FUT' : type === 'CE' || type === 'PE' ? type : undefined;
    const lotSize = Number(read(at.lotSize));
    const strike = optionType === 'FUT' ? 0 : Number(read(at.strike));
    if (!underlying || !expiry || !optionType || !read(at.token) || !tradingSymbol) return [];
    if (!Number.isFinite(strike) || !(lotSize > 0)) return [];
    return [
      {
        instrumentId: read(at.token),
        tradingSymbol,
        exchange: read(at.exchange).toUpperCase(),
        underlying,
        expiry,
        strike,
        optionType,
        lotSize,
      },
    ];
  });
}

/** Downloads the NFO and BFO index-derivative files (from XT_FLATTRADE_BASE_URL when set). */
export async function downloadFlattradeMaster(baseUrl: string | undefined): Promise<BrokerContract[]> {
  const files = await Promise.all(
    FLATTRADE_MASTER_URLS.map(async (documented) => {
      const response = await fetch(brokerEndpoint(documented, baseUrl), {
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${new URL(documented).pathname}`);
      return parseFlattradeMaster(await readBoundedText(response));
    }),
  );
  return files.flat();
}
