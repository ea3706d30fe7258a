import { randomBytes } from 'node:crypto';
import { jwtExpiry, nextIstHour } from '../live-kit/expiry';

// Angel One's publisher login: the browser goes to the login page with the platform's API key and a state; Angel
// One sends it back to the redirect URL registered with the app, the query carrying auth_token (the session JWT),
// feed_token and refresh_token. There is no exchange step, so the JWT is checked with an authenticated call
// (getProfile) before it is accepted.

/** The publisher login page for this platform's API key. */
export function angelLoginUrl(loginPage: string, apiKey: string): string {
  const url = new URL(loginPage);
  url.searchParams.set('api_key', apiKey);
  // Angel One hands the state back on the redirect; the callback body does not carry it, so it only varies the URL.
  url.searchParams.set('state', randomBytes(8).toString('hex'));
  return url.toString();
}

/**
 * When an Angel One session issued at `issuedAt` dies: SmartAPI sessions are daily (users log in every day), so
 * midnight IST, or the JWT's own expiry when that comes first.
 */
export function angelSessionExpiry(jwt: string, issuedAt: number): number {
  const midnight = nextIstHour(issuedAt, 0);
  const own = jwtExpiry(jwt);
  return own !== undefined && own > issuedAt ? Math.min(own, midnight) : midnight;
}
