import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../clock';
import { DomainError } from '../../domain-error';
import type { Database } from '../../store/database';
import type { StoreDialect } from '../../store/open-store';

/** At most `limit` events per `windowMs` (sliding window), refused with `message`. */
interface RateRule {
  limit: number;
  windowMs: number;
  message: string;
}

/** Rules that all hold for one key; several windows make a lock-out grow with persistence. */
type RateLimit = readonly RateRule[];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const LOGIN_LOCKED = 'Too many failed login attempts. Please try again later or reset your password.';

/** The abuse limits of the accounts API (listed in docs/security.md). */
const AUTH_RATE_LIMITS = {
  /** OTPs sent to one phone (signup) or one phone and email (password reset). */
  otpPerPhone: [
    {
      limit: 3,
      windowMs: 10 * MINUTE,
      message: 'Too many OTP requests for this number. Please try again in a few minutes.',
    },
  ],
  /** OTP requests from one address, counted before anything about the account is revealed. */
  otpPerIp: [{ limit: 10, windowMs: HOUR, message: 'Too many OTP requests. Please try again later.' }],
  /** Wrong passwords for one account from one address: 5 per 15 minutes, 10 per hour, 20 per day. */
  loginFailuresPerAccountAndIp: [
    { limit: 5, windowMs: 15 * MINUTE, message: LOGIN_LOCKED },
    { limit: 10, windowMs: HOUR, message: LOGIN_LOCKED },
    { limit: 20, windowMs: 24 * HOUR, message: LOGIN_LOCKED },
  ],
  /** Wrong passwords from one address, whichever accounts they name. */
  loginFailuresPerIp: [
    { limit: 20, windowMs: 15 * MINUTE, message: 'Too many failed login attempts. Please try again later.' },
  ],
} as const satisfies Record<string, RateLimit>;

export type AuthRateLimits = { [K in keyof typeof AUTH_RATE_LIMITS]: RateLimit };

/** The limits with the deployment's own OTP allowance per address (one office or NAT shares one address). */
export function authRateLimits(limits: { otpSendsPerIpPerHour?: number } = {}): AuthRateLimits {
  const { otpSendsPerIpPerHour } = limits;
  if (otpSendsPerIpPerHour === undefined) return AUTH_RATE_LIMITS;
  return {
    ...AUTH_RATE_LIMITS,
    otpPerIp: AUTH_RATE_LIMITS.otpPerIp.map((rule) => ({ ...rule, limit: otpSendsPerIpPerHour })),
  };
}

/**
 * Sliding-window counters kept in the store, so every instance sees the same counts.
 *
 * `take` counts an attempt before the work it guards is done (a password checked, an OTP sent): the check
 * and the count are one step, so parallel requests can never get more attempts between them than the limit.
 * An attempt that turns out not to count (the right password) is given back with `release`.
 */
export interface RateLimiter {
  /** Counts one event for `key` and returns its id, or throws 429 (counting nothing) if a window is full. */
  take(key: string, limit: RateLimit): Promise<string>;
  /** Forgets one counted event. */
  release(eventId: string): Promise<void>;
  /** Forgets every event of `key`. */
  clear(key: string): Promise<void>;
  /** Forgets every event of every key starting with `prefix`. */
  clearPrefix(prefix: string): Promise<void>;
}

export function createRateLimiter(db: Kysely<Database>, clock: Clock, dialect: StoreDialect): RateLimiter {
  /** One statement that inserts the event only if every window still has room. */
  const insertIfRoom = (trx: Kysely<Database>, id: string, key: string, limit: RateLimit, now: number) =>
    trx
      .insertInto('rateLimitEvents')
      .columns(['id', 'key', 'at'])
      .expression(
        trx
          .selectNoFrom((eb) => [
            eb.cast<string>(eb.val(id), 'text').as('id'),
            eb.cast<string>(eb.val(key), 'text').as('key'),
            eb.cast<number>(eb.val(now), 'bigint').as('at'),
          ])
          .where((eb) =>
            eb.and(
              limit.map((rule) =>
                eb(
                  eb
                    .selectFrom('rateLimitEvents')
                    .select((count) => count.fn.countAll().as('n'))
                    .where('key', '=', key)
                    .where('at', '>', now - rule.windowMs),
                  '<',
                  rule.limit,
                ),
              ),
            ),
          ),
      )
      .returning('id')
      .executeTakeFirst();

  /** The refusal of a full key: the message of the rule that stays full longest, and when it frees up. */
  const refusal = async (key: string, limit: RateLimit, now: number) => {
    const longest = Math.max(...limit.map((rule) => rule.windowMs));
    const events = await db
      .selectFrom('rateLimitEvents')
      .select('at')
      .where('key', '=', key)
      .where('at', '>', now - longest)
      .orderBy('at', 'desc')
      .execute();
    let blocking: { rule: RateRule; freeAt: number } | undefined;
    for (const rule of limit) {
      const inWindow = events.filter((event) => event.at > now - rule.windowMs);
      // The window frees up when the oldest event that keeps it full falls out of it.
      const oldestKeepingFull = inWindow[rule.limit - 1];
      if (!oldestKeepingFull) continue;
      const freeAt = oldestKeepingFull.at + rule.windowMs;
      if (!blocking || freeAt > blocking.freeAt) blocking = { rule, freeAt };
    }
    // Full a moment ago but not now (another request gave its attempt back): refuse briefly all the same.
    const rule = blocking?.rule ?? (limit[0] as RateRule);
    return new DomainError('rate_limited', rule.message, {
      retryAfterSeconds: Math.max(1, ((blocking?.freeAt ?? now) - now) / 1000),
    });
  };

  return {
    async take(key, limit) {
      const id = randomUUID();
      const now = clock.now();
      // SQLite runs one statement at a time, so the single insert is atomic there. PostgreSQL runs concurrent
      // statements side by side: a lock on the key serializes its takes.
      const inserted =
        dialect === 'postgres'
          ? await db.transaction().execute(async (trx) => {
              await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
              return insertIfRoom(trx, id, key, limit, now);
            })
          : await insertIfRoom(db, id, key, limit, now);
      if (!inserted) throw await refusal(key, limit, now);
      const longest = Math.max(...limit.map((rule) => rule.windowMs));
      await db
        .deleteFrom('rateLimitEvents')
        .where('key', '=', key)
        .where('at', '<=', now - longest)
        .execute();
      return id;
    },
    async release(eventId) {
      await db.deleteFrom('rateLimitEvents').where('id', '=', eventId).execute();
    },
    async clear(key) {
      await db.deleteFrom('rateLimitEvents').where('key', '=', key).execute();
    },
    async clearPrefix(prefix) {
      await db
        .deleteFrom('rateLimitEvents')
        .where((eb) => eb(eb.fn('substr', ['key', eb.val(1), eb.val(prefix.length)]), '=', prefix))
        .execute();
    },
  };
}

/** A key and its limit, for `takeEach`. */
export interface RateKey {
  key: string;
  limit: RateLimit;
}

/** Takes one event from each key in order; if one is full, gives back those already taken and throws. */
export async function takeEach(limiter: RateLimiter, keys: readonly RateKey[]): Promise<string[]> {
  const taken: string[] = [];
  try {
    for (const { key, limit } of keys) taken.push(await limiter.take(key, limit));
    return taken;
  } catch (error) {
    await Promise.all(taken.map((id) => limiter.release(id)));
    throw error;
  }
}
