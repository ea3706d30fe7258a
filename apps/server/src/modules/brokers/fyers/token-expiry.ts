import { jwtExpiry, nextIstHour } from '../live-kit/expiry';

// A Fyers access token is good for the trading day it was issued on. It is a JWT that carries its own deadline
// (`exp`); that deadline is used when the token shows one still ahead (but never later than 06:00 IST the next
// morning: the daily login the exchanges require), otherwise the end of the IST day it was issued on.

/** When a Fyers access token issued at `issuedAt` dies. */
export function fyersTokenExpiry(accessToken: string, issuedAt: number): number {
  const exp = jwtExpiry(accessToken);
  return exp !== undefined && exp > issuedAt
    ? Math.min(exp, nextIstHour(issuedAt, 6))
    : nextIstHour(issuedAt, 0);
}
