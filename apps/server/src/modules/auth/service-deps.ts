import { AUTH_MESSAGES } from '@xtrader/core/api/auth';
import type { Clock } from '../../clock';
import type { OtpFlow } from './otp-flow';
import type { AuthRateLimits, RateLimiter } from './rate-limit';
import type { Sessions } from './sessions';
import type { AuthStore } from './store';

/** Refusals of the accounts API (validation messages come from the core schemas). */
export const ACCOUNT_ERRORS = {
  duplicate: AUTH_MESSAGES.accountExists,
  notVerified: 'Please verify your phone number with the OTP first.',
  verificationExpired: 'Phone verification has expired. Please request a new OTP.',
  badCredentials: 'Invalid email/phone or password',
  noAccount: 'No account found with this email and phone number.',
  badResetRequest: 'This password reset request is invalid or has expired. Please start again.',
} as const;

export interface AuthServiceDeps {
  store: AuthStore;
  otp: OtpFlow;
  sessions: Sessions;
  limiter: RateLimiter;
  limits: AuthRateLimits;
  clock: Clock;
  /** Settings JSON of a new account. */
  defaultSettings: () => string;
}

/** Emails compare case-insensitively: they are stored and looked up lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Rate-limit key of failed logins of one account from one address. */
export const loginFailuresKey = (userId: string, ip: string): string => `${loginFailuresPrefix(userId)}${ip}`;

/** What the rate-limit keys of one account's failed logins (from any address) start with. */
export const loginFailuresPrefix = (userId: string): string => `login:user:${userId}:ip:`;

/** Rate-limit key of OTP requests from one address (signup and password reset alike). */
export const otpRequestsKey = (ip: string): string => `otp:ip:${ip}`;
