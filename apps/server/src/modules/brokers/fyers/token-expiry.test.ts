import { istEpochMs } from '@xtrader/core/market/dates';
import { describe, expect, it } from 'vitest';
import { fyersTokenExpiry } from './token-expiry';

const tokenWith = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('Fyers token expiry', () => {
  const issued = istEpochMs('2026-11-24', 9, 15);

  it("uses the token's own exp", () => {
    const exp = istEpochMs('2026-11-24', 23, 0);
    expect(fyersTokenExpiry(tokenWith({ exp: exp / 1000 }), issued)).toBe(exp);
  });

  it('caps it at 06:00 IST the next morning', () => {
    const exp = istEpochMs('2026-11-26', 9, 0);
    expect(fyersTokenExpiry(tokenWith({ exp: exp / 1000 }), issued)).toBe(istEpochMs('2026-11-25', 6, 0));
  });

  it('falls back to the end of the IST day for an unreadable or past exp', () => {
    const midnight = istEpochMs('2026-11-25', 0, 0);
    expect(fyersTokenExpiry('not-a-jwt', issued)).toBe(midnight);
    expect(fyersTokenExpiry(tokenWith({ exp: issued / 1000 - 60 }), issued)).toBe(midnight);
  });
});
