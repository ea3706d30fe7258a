import type { MarketPhase } from '@xtrader/core/market/hours';

const pad = (n: number) => String(n).padStart(2, '0');

/** A span as the trader reads it: `2d 17h`, `1h 05m`, `12m 30s`. */
export function formatSpan(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  return `${minutes}m ${pad(seconds % 60)}s`;
}

/** "Closes in 1h 05m" while the market is open, else "Opens in 17h 45m". */
export function countdownText(phase: MarketPhase, now: number): string {
  return `${phase.open ? 'Closes' : 'Opens'} in ${formatSpan(phase.changesAt - now)}`;
}
