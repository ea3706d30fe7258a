import { addDays, istDateOf, istEpochMs } from '@xtrader/core/market/dates';

/**
 * Upstox access tokens die at 03:30 IST, whatever the time they were issued: the first 03:30 IST strictly after
 * `issuedAt` (a token taken at 10:00 lives until 03:30 the next morning).
 */
export function upstoxTokenExpiry(issuedAt: number): number {
  const today = istDateOf(issuedAt);
  const sameDay = istEpochMs(today, 3, 30);
  return issuedAt < sameDay ? sameDay : istEpochMs(addDays(today, 1), 3, 30);
}
