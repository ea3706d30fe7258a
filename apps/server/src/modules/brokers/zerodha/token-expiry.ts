import { addDays, istDateOf, istEpochMs } from '@xtrader/core';

/** Kite access tokens die at 06:00 IST the next day (a regulatory requirement, reference A.1). */
const EXPIRY_HOUR_IST = 6;

/** When a token issued at `issuedAt` stops working: the first 06:00 IST strictly after it. */
export function kiteTokenExpiry(issuedAt: number): number {
  const today = istDateOf(issuedAt);
  const sameDay = istEpochMs(today, EXPIRY_HOUR_IST);
  return issuedAt < sameDay ? sameDay : istEpochMs(addDays(today, 1), EXPIRY_HOUR_IST);
}

/** Kite timestamps are `YYYY-MM-DD HH:MM:SS` in IST with no zone marker; undefined when unreadable. */
export function parseKiteTimestamp(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text.trim());
  if (!match) return undefined;
  const [, date, hour, minute, second] = match;
  return istEpochMs(date as string, Number(hour), Number(minute), Number(second));
}
