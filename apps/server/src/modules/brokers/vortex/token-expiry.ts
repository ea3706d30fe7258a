import { nextIstHour } from '../live-kit/expiry';

// Rupeezy does not state the access token's lifetime next to the session call; the token is a JWT, so its own
// `exp` claim is the deadline when it has one. Otherwise the session is taken to end at midnight IST (a new login
// each trading day, as Indian brokers require), the earlier and safer of the usual deadlines.

function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** When an access token issued at `issuedAt` dies: its JWT expiry when later than now, else midnight IST. */
export function vortexTokenExpiry(token: string, issuedAt: number): number {
  const exp = jwtExpiry(token);
  return exp !== undefined && exp > issuedAt ? exp : nextIstHour(issuedAt, 0);
}
