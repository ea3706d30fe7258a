import type { JournalExecution } from '@xtrader/core/api/journal';
import { formatNumber } from '@xtrader/core/format/format';
import { cn } from '../../ui/cn';

/** `12 ms`, `1.24 s`, or a dash when unknown. */
export function formatLatency(ms: number | null): string {
  if (ms === null) return '-';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** `-0.05 (-1 tick)`, `+0.10 (+2 ticks)`, or a dash without a fill or a shown price. */
export function formatSlippage(slippage: JournalExecution['slippage']): string {
  if (!slippage) return '-';
  const sign = slippage.perUnit > 0 ? '+' : '';
  const ticks = Math.abs(slippage.ticks) === 1 ? 'tick' : 'ticks';
  return `${sign}${slippage.perUnit.toFixed(2)} (${sign}${formatNumber(slippage.ticks)} ${ticks})`;
}

/** Green for money made, red for money lost. */
export const signedClass = (value: number | null | undefined) =>
  cn(
    value !== null && value !== undefined && value > 0 && 'text-buy',
    value !== null && value !== undefined && value < 0 && 'text-sell',
  );

/** HH:MM:SS in IST. */
export function istClock(ts: number | null): string {
  if (ts === null) return '-';
  return new Date(ts).toLocaleTimeString('en-GB', { timeZone: 'Asia/Kolkata', hour12: false });
}
