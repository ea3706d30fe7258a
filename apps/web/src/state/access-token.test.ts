import { describe, expect, it } from 'vitest';
import { fakeAccessToken } from '../test/fake-token';
import { decodeAccessToken, isAccessTokenLive } from './access-token';

describe('access token', () => {
  const now = Date.UTC(2026, 10, 22, 10, 0, 0);
  const nowSeconds = now / 1000;

  it('reads expiryAt from the payload without verifying the signature', () => {
    expect(decodeAccessToken(fakeAccessToken(123, { name: 'Ravi Kumar ₹' }))).toMatchObject({
      expiryAt: 123,
      name: 'Ravi Kumar ₹',
    });
  });

  it.each([
    ['one second ahead', nowSeconds + 1, true],
    ['exactly now', nowSeconds, false],
    ['in the past', nowSeconds - 60, false],
  ])('expiryAt %s -> live %s', (_label, expiryAt, live) => {
    expect(isAccessTokenLive(fakeAccessToken(expiryAt), now)).toBe(live);
  });

  it.each(['', 'not-a-jwt', 'a.%%%.c', `a.${btoa('"just a string"')}.c`])('treats %j as dead', (token) => {
    expect(isAccessTokenLive(token, now)).toBe(false);
  });

  it('treats a payload without a numeric expiryAt as dead', () => {
    const token = `h.${btoa(JSON.stringify({ expiryAt: 'tomorrow' }))}.s`;
    expect(isAccessTokenLive(token, now)).toBe(false);
  });
});
