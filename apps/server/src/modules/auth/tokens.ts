import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock';

/** Claims of an access token. `expiryAt` (seconds) is what the web app reads (SPEC section 3). */
export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  expiryAt: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'x-trader';

/** Signs and checks access tokens (HS256 JWT) with a key derived from the server secret. */
export interface TokenSigner {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a well-signed, unexpired token; null for anything else. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

export function createTokenSigner(key: Uint8Array, clock: Clock): TokenSigner {
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: new Date(clock.now()),
          requiredClaims: ['sub', 'exp'],
        });
        const { sub, sid, expiryAt } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof expiryAt !== 'number') return null;
        return { userId: sub, sessionId: sid, expiryAt };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
