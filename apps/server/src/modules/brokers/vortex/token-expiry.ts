import { jwtExpiry, nextIstHour } from '../live-kit/expiry';

// Rupeezy does not state the access token's lifetime next to the session call; the token is a JWT, so its own
// `exp` claim is the deadline when it has one. Otherwise the session is taken to end at midnight IST (a new login
// each trading day, as Indian brokers require), the earlier and safer of the usual deadlines.

/** When an access token issued at `issuedAt` dies: its JWT expiry when later than now, else midnight IST. */
export function vortexTokenExpiry(token: string, issuedAt: number): number {
  const exp = jwtExpiry(token);
  return exp !== undefined && exp > issuedAt ? exp : nextIstHour(issuedAt, 0);
}
