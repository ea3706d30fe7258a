import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock';
import { LruMap } from '../../lru-map';

/** Claims of an access token. `expiryAt` (seconds) is what the web app reads. */
interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  expiryAt: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'x-trader';
/** Verified tokens remembered, at most (a few MB); the least recently used is forgotten first. */
const VERIFIED_CACHE_SIZE = 10_000;

interface Verified {
  claims: AccessTokenClaims;
  /** The token's `exp`, epoch ms. */
  expiresAt: number;
}

/** Signs and checks access tokens (HS256 JWT) with a key derived from the server secret. */
export interface TokenSigner {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a well-signed, unexpired token; null for anything else. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

export function createTokenSigner(key: Uint8Array, clock: Clock): TokenSigner {
  // A token's signature and claims never change, so one verified stays good until its exp: checking its HMAC again
  // on every request (WebCrypto, asynchronous) cost more than the rest of authentication on the order path.
  // Revocation is the session's business, checked by the caller on every request regardless.
  const verified = new LruMap<string, Verified>(VERIFIED_CACHE_SIZE);

  return {
    async sign({ userId, sessionId, expiryAt }) {
      return new SignJWT({ sid: sessionId, expiryAt })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(Math.floor(clock.now() / 1000))
        .setExpirationTime(expiryAt)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > clock.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: new Date(clock.now()),
          requiredClaims: ['sub', 'exp'],
        });
        const { sub, sid, expiryAt, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof expiryAt !== 'number') return null;
        const claims = { userId: sub, sessionId: sid, expiryAt };
        verified.set(token, { claims, expiresAt: (exp as number) * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
