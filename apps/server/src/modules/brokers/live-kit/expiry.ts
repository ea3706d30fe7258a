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

/** A JWT access token's own `exp` claim (epoch ms), when it carries a readable one; the signature is not checked. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
