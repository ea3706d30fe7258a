import {
  type FeedState,
  type FeedStatus,
  isStaleTick,
  type PriceOrigin,
} from '@xtrader/core/api/market-feed';
import type { PriceView } from './contract';
import type { PriceSource } from './price-sources';

export interface FeedTiming {
  now: number;
  /** Practice Mode's delay (the `practice` view shows prices this late on purpose). */
  practiceDelayMs: number;
  staleAfterMs: number;
}

/**
 * A user's feed health: which source, and whether its prices can be acted on. With `symbol`, the state is that
 * contract's (stale when it has not ticked for `staleAfterMs` beyond the view's delay); without, the source's.
 * An ended broker session is `expired`, never quietly replaced by simulated prices. A platform feed (the shared
 * source with a vendor) is `live`/`delayed`/`stale` like a broker stream.
 */
/** Which prices a source is (simulated, the platform's vendor, a broker's). */
export function priceOriginOf(source: PriceSource): PriceOrigin {
  if (source.brokerId !== null) return { source: 'broker', broker: source.brokerId, vendor: null };
  if (source.vendor !== null) return { source: 'platform', broker: null, vendor: source.vendor };
  return { source: 'simulated', broker: null, vendor: null };
}

export function feedStatus(
  source: PriceSource,
  view: PriceView,
  timing: FeedTiming,
  symbol?: string,
  /** The source of the user's Practice Mode, for its dialog. */
  practiceSource?: PriceSource,
): FeedStatus {
  const { now, staleAfterMs } = timing;
  const delayMs = view === 'practice' ? timing.practiceDelayMs : 0;
  const broker = source.brokerId !== null;
  // A platform feed is real prices under the operator's licence: live or delayed like a broker's, stale when its
  // line is down or silent, never "simulated".
  const platform = !broker && source.vendor !== null;
  const real = broker || platform;
  const lastTickAt =
    symbol !== undefined ? (source.data.getQuote(symbol, view)?.ts ?? null) : source.lastTickAt(view);
  const expired =
    broker && (source.state === 'ended' || (source.tokenExpiresAt !== null && now >= source.tokenExpiresAt));
  const stale =
    (real && source.state !== 'connected') ||
    ((real || symbol !== undefined) && isStaleTick(lastTickAt, now, delayMs, staleAfterMs));
  const state: FeedState = expired
    ? 'expired'
    : stale
      ? 'stale'
      : !real
        ? 'simulated'
        : view === 'practice'
          ? 'delayed'
          : 'live';
  return {
    source: broker ? 'broker' : platform ? 'platform' : 'simulated',
    broker: source.brokerId,
    vendor: platform ? source.vendor : null,
    view,
    state,
    symbol: symbol ?? null,
    lastTickAt,
    now,
    delayMs,
    staleAfterMs,
    tokenExpiresAt: source.tokenExpiresAt,
    practice: practiceSource ? priceOriginOf(practiceSource) : null,
  };
}
