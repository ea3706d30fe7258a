import { addDays, istDateOf, istEpochMs } from '@xtrader/core/market/dates';

/**
 * When a broker session issued at `issuedAt` dies, for brokers whose sessions end at a fixed IST hour: the first
 * `hour`:00 IST strictly after it (Kite 06:00, IIFL midnight).
 */
export function nextIstHour(issuedAt: number, hour: number): number {
  const today = istDateOf(issuedAt);
  const sameDay = istEpochMs(today, hour);
  return issuedAt < sameDay ? sameDay : istEpochMs(addDays(today, 1), hour);
}
