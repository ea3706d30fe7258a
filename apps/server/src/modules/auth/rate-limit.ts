import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { TooManyRequestsError } from '../../http/errors';
import type { Database } from '../../store/database';

/** At most `limit` events per `windowMs` (sliding window), refused with `message`. */
export interface RateRule {
  limit: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;

/** The abuse limits of the accounts API (ARCHITECTURE "Security"). */
export const AUTH_RATE_RULES = {
  otpPerPhone: {
    limit: 3,
    windowMs: 10 * MINUTE,
    message: 'Too many OTP requests for this number. Please try again in a few minutes.',
  },
  otpPerIp: { limit: 10, windowMs: 60 * MINUTE, message: 'Too many OTP requests. Please try again later.' },
  loginFailuresPerAccount: {
    limit: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many failed login attempts. Please try again in 15 minutes or reset your password.',
  },
  loginFailuresPerIp: {
    limit: 20,
    windowMs: 15 * MINUTE,
    message: 'Too many failed login attempts. Please try again later.',
  },
} as const satisfies Record<string, RateRule>;

export type AuthRateRules = { [K in keyof typeof AUTH_RATE_RULES]: RateRule };

/** The rules with the deployment's own OTP allowance per address (one office or NAT shares one address). */
export function authRateRules(limits: { otpSendsPerIpPerHour?: number } = {}): AuthRateRules {
  const { otpSendsPerIpPerHour } = limits;
  if (otpSendsPerIpPerHour === undefined) return AUTH_RATE_RULES;
  return { ...AUTH_RATE_RULES, otpPerIp: { ...AUTH_RATE_RULES.otpPerIp, limit: otpSendsPerIpPerHour } };
}

/**
 * Sliding-window counters kept in the store, so every instance sees the same counts. `check` refuses once
 * the window is full; `hit` records one event. Old events are pruned as they fall out of the window.
 */
export interface RateLimiter {
  check(key: string, rule: RateRule): Promise<void>;
  hit(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createRateLimiter(db: Kysely<Database>, clock: Clock): RateLimiter {
  const longestWindow = Math.max(...Object.values(AUTH_RATE_RULES).map((rule) => rule.windowMs));
  return {
    async check(key, rule) {
      const since = clock.now() - rule.windowMs;
      const events = await db
        .selectFrom('rateLimitEvents')
        .select('at')
        .where('key', '=', key)
        .where('at', '>', since)
        .orderBy('at', 'asc')
        .execute();
      if (events.length < rule.limit) return;
      // The window frees up when the oldest event that keeps it full falls out of it.
      const blocking = events[events.length - rule.limit]?.at ?? clock.now();
      throw new TooManyRequestsError(rule.message, (blocking + rule.windowMs - clock.now()) / 1000);
    },
    async hit(key) {
      const now = clock.now();
      await db.insertInto('rateLimitEvents').values({ id: randomUUID(), key, at: now }).execute();
      await db
        .deleteFrom('rateLimitEvents')
        .where('key', '=', key)
        .where('at', '<=', now - longestWindow)
        .execute();
    },
    async clear(key) {
      await db.deleteFrom('rateLimitEvents').where('key', '=', key).execute();
    },
  };
}
