import { describe, expect, it } from 'vitest';
import { jwtExpiry } from '../live-kit/expiry';
import { angelLoginUrl, angelSessionExpiry } from './login';

const jwtWith = (claims: object) =>
  `${Buffer.from('{"alg":"HS512"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

// 2026-11-24 10:00 IST.
const ISSUED = Date.UTC(2026, 10, 24, 4, 30);
const MIDNIGHT_IST = Date.UTC(2026, 10, 24, 18, 30);

describe('Angel One session expiry', () => {
  it('ends at midnight IST when the JWT lives longer', () => {
    expect(angelSessionExpiry(jwtWith({ exp: ISSUED / 1000 + 86_400 }), ISSUED)).toBe(MIDNIGHT_IST);
  });

  it("ends at the JWT's own expiry when that comes first", () => {
    const exp = ISSUED / 1000 + 3600;
    expect(angelSessionExpiry(jwtWith({ exp }), ISSUED)).toBe(exp * 1000);
  });

  it('ends at midnight IST when the token has no readable expiry', () => {
    expect(jwtExpiry('not-a-jwt')).toBeUndefined();
    expect(jwtExpiry(jwtWith({ sub: 'A1' }))).toBeUndefined();
    expect(angelSessionExpiry('opaque', ISSUED)).toBe(MIDNIGHT_IST);
  });
});

describe('Angel One login page', () => {
  it('carries the API key and a fresh state each time', () => {
    const a = new URL(angelLoginUrl('https://smartapi.angelone.in/publisher-login', 'KEY1'));
    const b = new URL(angelLoginUrl('https://smartapi.angelone.in/publisher-login', 'KEY1'));
    expect(a.searchParams.get('api_key')).toBe('KEY1');
    expect(a.searchParams.get('state')).not.toBe(b.searchParams.get('state'));
  });
});
