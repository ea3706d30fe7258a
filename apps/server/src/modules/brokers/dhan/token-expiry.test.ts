import { describe, expect, it } from 'vitest';
import { dhanTokenExpiry } from './token-expiry';

const issuedAt = Date.UTC(2026, 10, 24, 3, 30); // 09:00 IST

describe('Dhan token expiry', () => {
  it("reads Dhan's local expiryTime as IST", () => {
    expect(dhanTokenExpiry(issuedAt, '2026-11-25T08:30:00')).toBe(Date.UTC(2026, 10, 25, 3, 0));
  });

  it('reads a zoned time as given', () => {
    expect(dhanTokenExpiry(issuedAt, '2026-11-25T01:00:00Z')).toBe(Date.UTC(2026, 10, 25, 1, 0));
  });

  it('never goes past 24 hours, and takes 24 hours for an absent, unreadable or past time', () => {
    const day = issuedAt + 24 * 3_600_000;
    expect(dhanTokenExpiry(issuedAt, '2026-12-30T08:30:00')).toBe(day);
    expect(dhanTokenExpiry(issuedAt, undefined)).toBe(day);
    expect(dhanTokenExpiry(issuedAt, 'tomorrow')).toBe(day);
    expect(dhanTokenExpiry(issuedAt, '2026-11-23T08:30:00')).toBe(day);
  });
});
