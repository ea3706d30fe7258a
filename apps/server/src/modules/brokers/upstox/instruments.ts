import { istDateOf } from '@xtrader/core/market/dates';
import { INDEX_NAMES } from '@xtrader/core/market/indices';
import { z } from 'zod';
import { inflateBounded, readBoundedBody } from '../live-kit/bounded-body';
import type { BrokerContract } from '../live-kit/instrument-master';
import { number } from '../live-kit/read';

// Upstox's published instrument masters (NSE.json.gz and BSE.json.gz on assets.upstox.com): a gzipped JSON array,
// one object per instrument. We keep the index options and futures of our seven indices: segment NSE_FO/BSE_FO,
// instrument_type CE/PE/FUT, underlying_symbol one of ours; expiry is epoch milliseconds (the expiry day's end, IST).

const OUR_INDICES = new Set<string>(INDEX_NAMES);
const DERIVATIVE_SEGMENTS = new Set(['NSE_FO', 'BSE_FO']);
const TIMEOUT_MS = 60_000;

const masterRowSchema = z.object({
  segment: z.string(),
  instrument_key: z.string().min(1),
  trading_symbol: z.string(),
  instrument_type: z.string(),
  underlying_symbol: z.string().nullish(),
  name: z.string().nullish(),
  expiry: number,
  strike_price: number.optional(),
  lot_size: number,
});

/** One master row as our contract terms, or undefined when it is not an index derivative of ours. */
export function contractOfRow(row: unknown): BrokerContract | undefined {
  const parsed = masterRowSchema.safeParse(row);
  if (!parsed.success) return undefined;
  const r = parsed.data;
  const underlying = (r.underlying_symbol ?? r.name ?? '').toUpperCase();
  const type = r.instrument_type.toUpperCase();
  if (!DERIVATIVE_SEGMENTS.has(r.segment) || !OUR_INDICES.has(underlying)) return undefined;
  if (type !== 'CE' && type !== 'PE' && type !== 'FUT') return undefined;
  return {
    instrumentId: r.instrument_key,
    tradingSymbol: r.trading_symbol,
    exchange: r.segment,
    underlying,
    expiry: istDateOf(r.expiry),
    strike: type === 'FUT' ? 0 : (r.strike_price ?? 0),
    optionType: type,
    lotSize: r.lot_size,
  };
}

/** Parses one downloaded master (gzipped, or plain JSON when a proxy already inflated it). */
export function contractsOfMaster(body: Buffer): BrokerContract[] {
  const rows: unknown = JSON.parse(inflateBounded(body).toString('utf8'));
  if (!Array.isArray(rows)) throw new Error('the instrument master is not a JSON array');
  return rows.flatMap((row) => contractOfRow(row) ?? []);
}

/** Downloads every master and keeps our contracts. */
export async function downloadUpstoxContracts(urls: readonly string[]): Promise<BrokerContract[]> {
  const lists = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${new URL(url).pathname}`);
      return contractsOfMaster(await readBoundedBody(response));
    }),
  );
  return lists.flat();
}
