import { randomUUID } from 'node:crypto';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../clock';
import { LruMap } from '../../lru-map';
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

/**
 * How long a session found live is trusted without reading it again. Every authenticated request checks its
 * session, and on the order path that read was two of an order's statements. Revocations made here, and those
 * other instances announce on the bus, take effect at once; this bound only covers a bus message that was lost.
 */
export const LIVE_SESSION_TRUST_MS = 5_000;
const LIVE_SESSIONS_KEPT = 10_000;

interface LiveSession {
  userId: string;
  expiresAt: number;
  checkedAt: number;
}

/** Sessions back access tokens, so a token dies on logout or password reset, not only at its expiry. */
export function createSessions({ store, signer, clock, bus, ttlMs }: SessionDeps) {
  const live = new LruMap<string, LiveSession>(LIVE_SESSIONS_KEPT);
  // Bumped by every revocation: a read that was in flight across one must not be remembered as live.
  let revocations = 0;
  const forget = (sessionIds: readonly string[]) => {
    revocations += 1;
    for (const id of sessionIds) live.delete(id);
  };
  bus.subscribe('session.revoked', ({ sessionIds }) => forget(sessionIds));
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
      const identity = { userId: claims.userId, sessionId: claims.sessionId };
      const now = clock.now();
      const known = live.get(claims.sessionId);
      if (known && known.userId === claims.userId && known.expiresAt > now) {
        if (now - known.checkedAt < LIVE_SESSION_TRUST_MS) return identity;
      }
      const seen = revocations;
      const session = await store.findSession(claims.sessionId);
      if (!session || session.userId !== claims.userId) return null;
      if (session.revokedAt !== null || session.expiresAt <= now) return null;
      if (seen === revocations) {
        live.set(claims.sessionId, { userId: session.userId, expiresAt: session.expiresAt, checkedAt: now });
      }
      return identity;
    },

    async revoke(identity: AuthIdentity): Promise<void> {
      const revoked = await store.revokeSession(identity.userId, identity.sessionId, clock.now());
      forget([identity.sessionId]);
      if (revoked) await announce(identity.userId, [identity.sessionId]);
    },

    async revokeAll(userId: string): Promise<void> {
      const revoked = await store.revokeAllSessions(userId, clock.now());
      forget(revoked);
      await announce(userId, revoked);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
