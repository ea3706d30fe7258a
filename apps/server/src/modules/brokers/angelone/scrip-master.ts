import { isoDate } from '@xtrader/core/market/dates';
import { INDEX_NAMES } from '@xtrader/core/market/indices';
import { readBoundedText } from '../live-kit/bounded-body';
import type { BrokerContract } from '../live-kit/instrument-master';
import { type AngelScrip, angelScripSchema } from './angelone-schemas';

// Angel One's published scrip master (OpenAPIScripMaster.json, a JSON array refreshed daily): the index options
// and futures of our seven indices, turned into our terms. Its strikes are in paise (x100), its expiries read
// `24NOV2026`, its option type is the symbol's last two letters, futures carry strike -1.

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const OUR_INDICES = new Set<string>(INDEX_NAMES);
const SEGMENTS = new Set(['NFO', 'BFO']);
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** `24NOV2026` as `2026-11-24`; undefined when it does not read. */
export function angelExpiryDate(text: string): string | undefined {
  const match = /^(\d{1,2})([A-Z]{3})(\d{4})$/.exec(text.trim().toUpperCase());
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[2] as string) + 1;
  return month > 0 ? isoDate(Number(match[3]), month, Number(match[1])) : undefined;
}

function contractOf(scrip: AngelScrip): BrokerContract | undefined {
  if (!SEGMENTS.has(scrip.exch_seg) || !OUR_INDICES.has(scrip.name)) return undefined;
  const expiry = angelExpiryDate(scrip.expiry);
  const lotSize = Number(scrip.lotsize);
  if (!expiry || !(lotSize > 0)) return undefined;
  const base = {
    instrumentId: scrip.token,
    tradingSymbol: scrip.symbol,
    exchange: scrip.exch_seg,
    underlying: scrip.name,
    expiry,
    lotSize,
  };
  if (scrip.instrumenttype === 'FUTIDX') return { ...base, strike: 0, optionType: 'FUT' };
  if (scrip.instrumenttype !== 'OPTIDX') return undefined;
  const optionType = scrip.symbol.slice(-2);
  const strike = Number(scrip.strike) / 100;
  if ((optionType !== 'CE' && optionType !== 'PE') || !(strike > 0)) return undefined;
  return { ...base, strike: Math.round(strike * 100) / 100, optionType };
}

/** The contracts of our indices in a downloaded scrip master; entries of other shapes are skipped. */
export function parseAngelScripMaster(json: unknown): BrokerContract[] {
  if (!Array.isArray(json)) throw new Error('the scrip master is not a JSON array');
  return json.flatMap((entry) => {
    const scrip = angelScripSchema.safeParse(entry);
    const contract = scrip.success ? contractOf(scrip.data) : undefined;
    return contract ? [contract] : [];
  });
}

/** Downloads the scrip master from its documented URL (or the base URL that replaces it). */
export async function downloadAngelScripMaster(url: string): Promise<BrokerContract[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return parseAngelScripMaster(JSON.parse(await readBoundedText(response)));
}
