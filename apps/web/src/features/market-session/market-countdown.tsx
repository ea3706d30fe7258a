import type { Exchange } from '@xtrader/core/market/exchanges';
import { marketPhase } from '@xtrader/core/market/hours';
import { useEffect, useState } from 'react';
import { replayedNow, useFeedStatus } from '../../api/feed-status-query';
import { countdownText } from './countdown-text';

/** The replayed time of day (IST), shown before the countdown while a session replay runs. */
const timeOfDay = (epochMs: number) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);

const TICK_MS = 1000;

/**
 * Time to the close while the market is open, else to the next open, for one exchange (the F&O segment by
 * default). The hours come from core's session table, so a change of hours there moves this countdown too.
 * During a Practice session replay it runs on the replayed clock, with the replayed time of day before it.
 */
export function MarketCountdown({ exchange = 'NFO' }: { exchange?: Exchange }) {
  const [clientNow, setNow] = useState(() => Date.now());
  const replayed = replayedNow(useFeedStatus().data, clientNow);
  const now = replayed ?? clientNow;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const phase = marketPhase(now, exchange);
  return (
    <output
      className={`whitespace-nowrap text-[11px] tabular-nums ${phase.open ? 'text-fg' : 'text-muted'}`}
      aria-label={`${exchange} market ${phase.open ? 'open' : 'closed'}`}
      data-testid="market-countdown"
    >
      {replayed !== undefined && `${timeOfDay(replayed)} · `}
      {exchange} {phase.open ? 'open' : 'closed'} · {countdownText(phase, now)}
    </output>
  );
}
