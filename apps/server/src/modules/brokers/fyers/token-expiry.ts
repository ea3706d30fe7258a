import { nextIstHour } from '../live-kit/expiry';

// A Fyers access token is good for the trading day it was issued on. It is a JWT that carries its own deadline
// (`exp`); that deadline is used when the token shows one still ahead (but never later than 06:00 IST the next
// morning: the daily login the exchanges require), otherwise the end of the IST day it was issued on.

const readExp = (token: string): number | undefined => {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
};

/** When a Fyers access token issued at `issuedAt` dies. */
export function fyersTokenExpiry(accessToken: string, issuedAt: number): number {
  const exp = readExp(accessToken);
  return exp !== undefined && exp > issuedAt
    ? Math.min(exp, nextIstHour(issuedAt, 6))
    : nextIstHour(issuedAt, 0);
}
