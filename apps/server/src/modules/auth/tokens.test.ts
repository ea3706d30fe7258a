import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTokenSigner } from './tokens';

const key = new Uint8Array(32).fill(3);

describe('access tokens', () => {
  it('carries sub, sid, expiryAt (seconds) and exp', async () => {
    const clock = createFakeClock();
    const signer = createTokenSigner(key, clock);
    const expiryAt = Math.floor(clock.now() / 1000) + 3600;
    const token = await signer.sign({ userId: 'u1', sessionId: 's1', expiryAt });
    expect(decodeJwt(token)).toMatchObject({
      sub: 'u1',
      sid: 's1',
      expiryAt,
      exp: expiryAt,
      iss: 'x-trader',
    });
    expect(await signer.verify(token)).toEqual({ userId: 'u1', sessionId: 's1', expiryAt });
  });

  it('refuses an expired token by the injected clock', async () => {
    const clock = createFakeClock();
    const signer = createTokenSigner(key, clock);
    const token = await signer.sign({
      userId: 'u1',
      sessionId: 's1',
      expiryAt: Math.floor(clock.now() / 1000) + 60,
    });
    clock.advance(61_000);
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token verified before once it has expired (the verified-token cache honours exp)', async () => {
    const clock = createFakeClock();
    const signer = createTokenSigner(key, clock);
    const claims = { userId: 'u1', sessionId: 's1', expiryAt: Math.floor(clock.now() / 1000) + 60 };
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    clock.advance(59_000);
    expect(await signer.verify(token)).toEqual(claims);
    clock.advance(1_000);
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses forged, foreign and garbage tokens', async () => {
    const clock = createFakeClock();
    const signer = createTokenSigner(key, clock);
    const token = await signer.sign({
      userId: 'u1',
      sessionId: 's1',
      expiryAt: Math.floor(clock.now() / 1000) + 60,
    });
    const other = createTokenSigner(new Uint8Array(32).fill(4), clock);
    expect(await other.verify(token)).toBeNull();
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: 'u2', sid: 's1', expiryAt: 9e9, exp: 9e9, iss: 'x-trader' }),
    ).toString('base64url');
    expect(await signer.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${forgedPayload}.`;
    expect(await signer.verify(unsigned)).toBeNull();
    expect(await signer.verify('not-a-token')).toBeNull();
    expect(await signer.verify('')).toBeNull();
  });

  it('refuses a well-signed token without a session id', async () => {
    const clock = createFakeClock();
    const signer = createTokenSigner(key, clock);
    const exp = Math.floor(clock.now() / 1000) + 60;
    const token = await new SignJWT({ expiryAt: exp })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('x-trader')
      .setExpirationTime(exp)
      .sign(key);
    expect(await signer.verify(token)).toBeNull();
  });
});
