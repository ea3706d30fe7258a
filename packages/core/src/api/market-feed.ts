import { z } from 'zod';

/**
 * Where a user's prices come from and how healthy they are (GET /market/feed). A user sees either their own
 * linked broker's stream or the configured simulator/replay, never another user's broker data.
 */
export const FEED_STATES = ['live', 'delayed', 'simulated', 'stale', 'expired'] as const;
export const feedStateSchema = z.enum(FEED_STATES);
export type FeedState = z.infer<typeof feedStateSchema>;

export const feedStatusSchema = z.object({
  /** `simulated`: the configured simulator or replay; `broker`: the user's own broker stream. */
  source: z.enum(['simulated', 'broker']),
  /** Broker id of the stream (e.g. ZERODHA), null for simulated prices. */
  broker: z.string().nullable(),
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
