import { istEpochMs } from '@xtrader/core/market/dates';
import { nextIstHour } from '../live-kit/expiry';

/** Kite access tokens die at 06:00 IST the next day (a regulatory requirement). */
export const kiteTokenExpiry = (issuedAt: number): number => nextIstHour(issuedAt, 6);

/** Kite timestamps are `YYYY-MM-DD HH:MM:SS` in IST with no zone marker; undefined when unreadable. */
export function parseKiteTimestamp(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text.trim());
  if (!match) return undefined;
  const [, date, hour, minute, second] = match;
  return istEpochMs(date as string, Number(hour), Number(minute), Number(second));
}
