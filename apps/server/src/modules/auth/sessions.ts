import { randomUUID } from 'node:crypto';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../clock';
import type { AuthStore } from './store';
import type { TokenSigner } from './tokens';

/** Who is calling: the result of a valid access token. */
export interface AuthIdentity {
  userId: string;
  sessionId: string;
}

/** What a successful signup or login returns. */
export interface IssuedToken {
  accessToken: string;
  /** Epoch seconds, as in the token's `expiryAt` claim. */
  expiryAt: number;
}

export interface SessionDeps {
  store: AuthStore;
  signer: TokenSigner;
  clock: Clock;
  bus: Bus;
  ttlMs: number;
}

/** Sessions back access tokens, so a token dies on logout or password reset, not only at its expiry. */
export function createSessions({ store, signer, clock, bus, ttlMs }: SessionDeps) {
  const announce = (userId: string, sessionIds: string[]) =>
    sessionIds.length > 0 ? bus.publish('session.revoked', { userId, sessionIds }) : Promise.resolve();

  return {
    async open(userId: string): Promise<IssuedToken> {
      const now = clock.now();
      // Whole seconds, so the token's expiryAt and the session's expiry agree exactly.
      const expiryAt = Math.floor((now + ttlMs) / 1000);
      const sessionId = randomUUID();
      await store.insertSession({
        id: sessionId,
        userId,
        createdAt: now,
        expiresAt: expiryAt * 1000,
        revokedAt: null,
      });
      return { accessToken: await signer.sign({ userId, sessionId, expiryAt }), expiryAt };
    },

    /** The identity behind a token, or null if it is forged, expired, or its session was revoked. */
    async verify(token: string): Promise<AuthIdentity | null> {
      const claims = await signer.verify(token);
      if (!claims) return null;
      const session = await store.findSession(claims.sessionId);
      if (!session || session.userId !== claims.userId) return null;
      if (session.revokedAt !== null || session.expiresAt <= clock.now()) return null;
      return { userId: claims.userId, sessionId: claims.sessionId };
    },

    async revoke(identity: AuthIdentity): Promise<void> {
      if (await store.revokeSession(identity.userId, identity.sessionId, clock.now())) {
        await announce(identity.userId, [identity.sessionId]);
      }
    },

    async revokeAll(userId: string): Promise<void> {
      await announce(userId, await store.revokeAllSessions(userId, clock.now()));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
