import type { Exchange } from '@xtrader/core/market/exchanges';
import { marketPhase } from '@xtrader/core/market/hours';
import { useEffect, useState } from 'react';
import { countdownText } from './countdown-text';

const TICK_MS = 1000;

/**
 * Time to the close while the market is open, else to the next open, for one exchange (the F&O segment by
 * default). The hours come from core's session table, so a change of hours there moves this countdown too.
 */
export function MarketCountdown({ exchange = 'NFO' }: { exchange?: Exchange }) {
  const [now, setNow] = useState(() => Date.now());
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
      {exchange} {phase.open ? 'open' : 'closed'} · {countdownText(phase, now)}
    </output>
  );
}
