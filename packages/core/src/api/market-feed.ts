import { z } from 'zod';
import { replayStatusSchema } from './replay';

/**
 * Where a user's prices come from and how healthy they are (GET /market/feed). A user sees their own linked
 * broker's stream, else the platform feed when the operator runs one, else the configured simulator/replay; never
 * another user's broker data.
 */
export const FEED_STATES = ['live', 'delayed', 'simulated', 'stale', 'expired'] as const;
export const feedStateSchema = z.enum(FEED_STATES);
export type FeedState = z.infer<typeof feedStateSchema>;

const FEED_SOURCES = ['simulated', 'platform', 'broker'] as const;

/** Which prices a source is: the words the Practice Mode dialog and the badge's tooltip use. */
export const priceOriginSchema = z.object({
  source: z.enum(FEED_SOURCES),
  broker: z.string().nullable(),
  vendor: z.string().nullable(),
});
export type PriceOrigin = z.infer<typeof priceOriginSchema>;

export const feedStatusSchema = z.object({
  /**
   * `simulated`: the configured simulator or replay; `platform`: the operator's licensed market-data feed, shared by
   * every user without a stream of their own; `broker`: the user's own broker stream.
   */
  source: z.enum(FEED_SOURCES),
  /** Broker id of the stream (e.g. ZERODHA), null otherwise. */
  broker: z.string().nullable(),
  /** The platform feed's vendor (e.g. TrueData), null otherwise. */
  vendor: z.string().nullable().default(null),
  /** `live`: real time; `practice`: Practice Mode's delay line. */
  view: z.enum(['live', 'practice']),
  state: feedStateSchema,
  /** The contract asked about (`?symbol=`), else null: the state is then the source's. */
  symbol: z.string().nullable(),
  /** Time of the last tick (epoch ms) of the contract, or of the source when no contract was asked about. */
  lastTickAt: z.number().nullable(),
  /** Server time when this was computed, so the client can age `lastTickAt` on its own clock. */
  now: z.number(),
  /** How late the view shows prices (0 live, the Practice Mode delay in practice). */
  delayMs: z.number().int().nonnegative(),
  /** A contract with no tick for longer than this beyond `delayMs` is stale. */
  staleAfterMs: z.number().int().positive(),
  /** When the broker session's token stops working (epoch ms), null for simulated prices or when unknown. */
  tokenExpiresAt: z.number().nullable(),
  /** The prices this user's Practice Mode uses (delayed), whatever their active broker now; null when unknown. */
  practice: priceOriginSchema.nullable().default(null),
  /** The Practice session replay the user's prices come from, when one runs (absent otherwise). */
  replay: replayStatusSchema.optional(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** How old the last tick is, net of the view's deliberate delay (never negative). */
export const tickAgeMs = (lastTickAt: number, now: number, delayMs: number): number =>
  Math.max(0, now - lastTickAt - delayMs);

/** Whether a contract's last tick is too old to act on. */
export const isStaleTick = (
  lastTickAt: number | null | undefined,
  now: number,
  delayMs: number,
  staleAfterMs: number,
): boolean =>
  lastTickAt === null || lastTickAt === undefined || tickAgeMs(lastTickAt, now, delayMs) > staleAfterMs;

/** The badge text of a feed status: "Simulated prices", "Live", "Delayed 5 s", "Stale 12 s", "Session expired". */
export function feedBadgeText(status: Pick<FeedStatus, 'state' | 'delayMs'>, ageMs: number | null): string {
  switch (status.state) {
    case 'simulated':
      return 'Simulated prices';
    case 'live':
      return 'Live';
    case 'delayed':
      return `Delayed ${Math.round(status.delayMs / 1000)} s`;
    case 'stale':
      return ageMs === null ? 'Stale: no ticks' : `Stale ${Math.round(ageMs / 1000)} s`;
    case 'expired':
      return 'Broker session expired';
  }
}

/** The confirmation a market order on a stale contract asks for. */
export const staleOrderMessage = (ageMs: number | null): string =>
  ageMs === null
    ? 'Prices are stale: no tick yet for this contract'
    : `Prices are stale: last tick ${Math.round(ageMs / 1000)} s ago`;

/** What Practice Mode's prices are, for its dialog: "Simulated prices", "TrueData prices, 5 s delayed"... */
export function practicePricesText(origin: PriceOrigin | null, delayMs: number): string {
  const delay = `${Math.round(delayMs / 1000)} s delayed`;
  if (origin === null || origin.source === 'simulated') return 'Simulated prices: not the market’s.';
  if (origin.source === 'platform') return `${origin.vendor ?? 'Market'} prices, ${delay}.`;
  return `Your ${origin.broker ?? 'broker'} prices, ${delay}.`;
}
