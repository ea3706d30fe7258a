import { feedBadgeText, tickAgeMs } from '@xtrader/core/api/market-feed';
import { replayLabel } from '@xtrader/core/api/replay';
import { type ReceivedFeedStatus, serverNow, useFeedStatus } from '../../api/feed-status-query';
import { formatTime } from './format-expiry';

const TONES: Record<ReceivedFeedStatus['state'], string> = {
  live: 'border-buy/40 bg-buy/10 text-buy',
  delayed: 'border-border bg-surface text-muted',
  simulated: 'border-warn/40 bg-warn/10 text-warn',
  stale: 'border-sell/40 bg-sell/10 text-sell',
  expired: 'border-sell/40 bg-sell/10 text-sell',
};

const REPLAY_TONE = 'border-accent/50 bg-accent/15 text-accent';
const REPLAY_TITLE =
  'Replaying a recorded day: prices, clock and the Practice account are the replay’s (Replay button to pause or stop)';

/** The badge's words and tooltip for one status. */
export function badgeOf(status: ReceivedFeedStatus, clientNow = Date.now()) {
  if (status.replay) return { text: replayLabel(status.replay), title: REPLAY_TITLE };
  const age =
    status.lastTickAt === null
      ? null
      : tickAgeMs(status.lastTickAt, serverNow(status, clientNow), status.delayMs);
  const text = feedBadgeText(status, age);
  const source =
    status.source === 'broker'
      ? `Prices from your ${status.broker ?? 'broker'} account`
      : status.source === 'platform'
        ? `Market prices from ${status.vendor ?? 'the platform feed'} (licensed market-data feed)`
        : 'Simulated prices, not the market';
  const expiry =
    status.tokenExpiresAt === null ? '' : `; session valid until ${formatTime(status.tokenExpiresAt)}`;
  return { text, title: `${source}${expiry}` };
}

/**
 * The header's feed badge: Simulated prices / Live / Delayed 5 s / Stale 12 s / Broker session expired, or
 * `Replay 2026-11-18 5x` (`paused`) while a Practice session replay runs.
 */
export function FeedBadge() {
  const { data: status } = useFeedStatus();
  if (!status) return null;
  const { text, title } = badgeOf(status);
  return (
    <output
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-[11px] font-medium ${status.replay ? REPLAY_TONE : TONES[status.state]}`}
      aria-live="polite"
      title={title}
      data-testid="feed-badge"
      data-state={status.replay ? 'replay' : status.state}
    >
      {text}
    </output>
  );
}
